package dev.citerag.verify.internal;

import dev.citerag.answer.ClaimEvidence;
import dev.citerag.answer.SupportVerdict;
import dev.citerag.answer.SupportVerdict.Support;
import dev.citerag.answer.VerificationUsage;
import dev.citerag.answer.internal.TableCells;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Runs the rule families in order on a claim and its quotes: {@link Normalization} (inside {@link
 * Token#of}), {@link LanguageRule}, imitations, {@link ContentRule} with {@link Referents}, {@link
 * QuantityRule}, {@link Polarity}, {@link RoleRule}; and {@link ConsistencyRule} across the claims
 * of one answer. Stateless apart from the lexicon's cache; thread-safe.
 */
public final class RuleEngine {

  private final WordNet lexicon;
  private final double minContentShare;

  /**
   * @param lexicon WordNet
   * @param minContentShare least share of a claim's ordinary content words its quotes must carry
   */
  public RuleEngine(WordNet lexicon, double minContentShare) {
    this.lexicon = lexicon;
    this.minContentShare = minContentShare;
  }

  /**
   * Judges one claim on its own.
   *
   * @param claim the claim
   * @param quotes its quotes
   * @return the verdict
   */
  public SupportVerdict verify(String claim, List<String> quotes) {
    return judge(claim, quotes, List.of(), Abbreviations.definedIn(quotes), new Shared()).verdict;
  }

  /**
   * Judges every claim of one answer, then the claims against each other.
   *
   * @param claims the answer's claims
   * @return one verdict per claim
   */
  public List<SupportVerdict> verifyAll(List<ClaimEvidence> claims) {
    List<String> all = new ArrayList<>();
    for (ClaimEvidence c : claims) {
      all.addAll(c.quotes());
    }
    Abbreviations abbreviations = Abbreviations.definedIn(all);
    List<Judged> judged = new ArrayList<>(claims.size());
    Shared shared = new Shared();
    for (ClaimEvidence c : claims) {
      judged.add(judge(c.claim(), c.quotes(), c.context(), abbreviations, shared));
    }
    List<SupportVerdict> out = new ArrayList<>(claims.size());
    List<List<String>> conflicts = ConsistencyRule.conflicts(judged, lexicon, abbreviations);
    for (int i = 0; i < judged.size(); i++) {
      SupportVerdict v = judged.get(i).verdict;
      List<String> conflict = conflicts.get(i);
      if (conflict.isEmpty()) {
        out.add(v);
      } else {
        List<String> contradicting = new ArrayList<>(v.contradicting());
        contradicting.addAll(conflict);
        out.add(
            new SupportVerdict(
                Support.CONTRADICTED,
                v.missing(),
                contradicting,
                v.coverage(),
                VerificationUsage.NONE));
      }
    }
    return out;
  }

  /** A claim analysed and judged. */
  static final class Judged {
    final Passage claim;
    final SupportVerdict verdict;
    final boolean analysed;

    Judged(Passage claim, SupportVerdict verdict, boolean analysed) {
      this.claim = claim;
      this.verdict = verdict;
      this.analysed = analysed;
    }
  }

  /**
   * What the claims of one answer share, analysed once: each quote (several claims often cite the
   * same one) and each context entry lower-cased. One answer's abbreviations hold for all of it.
   */
  private static final class Shared {
    final java.util.Map<String, Passage> quotes = new java.util.HashMap<>();
    final java.util.Map<String, String> lowered = new java.util.HashMap<>();
  }

  private Judged judge(
      String claimText,
      List<String> cited,
      List<String> context,
      Abbreviations abbreviations,
      Shared shared) {
    // a cited table row is also read under its cited header ("Acknowledge within 5 minutes"), so
    // that a value keeps the words its column gives it; TableCells checks the columns
    List<String> quoteTexts = new ArrayList<>(cited);
    quoteTexts.addAll(TableCells.readings(cited));
    Passage claim = new Passage(claimText, lexicon, abbreviations);
    List<Passage> quotes = new ArrayList<>(quoteTexts.size());
    for (String q : quoteTexts) {
      Passage p = shared.quotes.get(q);
      if (p == null) {
        p = new Passage(q, lexicon, abbreviations);
        shared.quotes.put(q, p);
      } else {
        p.resetNames(); // names read against an earlier claim do not carry over
      }
      quotes.add(p);
    }
    Set<String> capitalised = new java.util.HashSet<>();
    claim.capitalisedInside(capitalised);
    for (Passage q : quotes) {
      q.capitalisedInside(capitalised);
    }
    claim.namesFrom(capitalised);
    for (Passage q : quotes) {
      q.namesFrom(capitalised);
    }
    String language = LanguageRule.reason(claim, quotes);
    if (language != null) {
      return new Judged(
          claim, verdict(Support.NOT_ENOUGH, List.of(language), List.of(), 0.0), false);
    }
    Set<String> contradicting = new LinkedHashSet<>();
    for (Token t : claim.imitations) {
      if (!inQuotes(t, quotes)) {
        contradicting.add(t.raw() + " (imitates another word in a different script)");
      }
    }
    Alignment a = ContentRule.align(claim, quotes, lexicon, abbreviations, new ArrayList<>());
    ContentRule.misspeltNames(claim, quotes, a, lexicon, context);
    Polarity.Opposites opposites = Polarity.opposites(claim, quotes, a, lexicon);
    contradicting.addAll(opposites.contradicting());
    Referents.carry(claim, quotes, context, a, shared.lowered);
    QuantityRule.Result q = QuantityRule.check(claim, quotes, a);
    contradicting.addAll(q.contradicting());
    Strength.Result strength = Strength.check(claim, quotes, a);
    contradicting.addAll(strength.contradicting());
    for (int i = 0; i < quotes.size(); i++) {
      contradicting.addAll(Polarity.mismatches(claim, quotes.get(i), a, i));
    }
    contradicting.addAll(RoleRule.check(claim, quotes, a));
    contradicting.addAll(ClauseRoles.check(claim, quotes, a, lexicon));
    contradicting.addAll(Disguised.freeOf(claim, quotes));
    contradicting.addAll(ContentRule.substitutions(claim, quotes, a));
    contradicting.addAll(TableCells.misplaced(claimText, cited));
    ContentRule.Coverage c =
        ContentRule.judge(claim, quotes, a, minContentShare, q.items(), q.covered(), lexicon);
    List<String> changed = ContentRule.changedWords(claim, quotes, a, lexicon);
    List<String> missing = new ArrayList<>(c.missing());
    missing.addAll(q.missing());
    missing.addAll(opposites.undecided());
    missing.addAll(changed);
    missing.addAll(strength.missing());
    double coverage = c.items() == 0 ? 0.0 : Math.min(1.0, (double) c.covered() / c.items());
    Support s;
    if (!contradicting.isEmpty()) {
      s = Support.CONTRADICTED;
    } else if (!c.enough()
        || !q.missing().isEmpty()
        || !changed.isEmpty()
        || !strength.missing().isEmpty()
        || !opposites.undecided().isEmpty()) {
      s = Support.NOT_ENOUGH;
      if (missing.isEmpty()) {
        missing.add(c.reason());
      }
    } else {
      s = Support.SUPPORTED;
      missing.clear();
    }
    return new Judged(claim, verdict(s, missing, new ArrayList<>(contradicting), coverage), true);
  }

  private static boolean inQuotes(Token t, List<Passage> quotes) {
    for (Passage q : quotes) {
      for (Token x : q.imitations) {
        if (x.raw().equals(t.raw())) {
          return true;
        }
      }
    }
    return false;
  }

  private static SupportVerdict verdict(
      Support s, List<String> missing, List<String> contradicting, double coverage) {
    return new SupportVerdict(s, missing, contradicting, coverage, VerificationUsage.NONE);
  }

  /** For the consistency rule: the lexicon. */
  WordNet lexicon() {
    return lexicon;
  }
}

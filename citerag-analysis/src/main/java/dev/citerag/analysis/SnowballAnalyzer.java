package dev.citerag.analysis;

import dev.citerag.text.TextAnalyzer;
import dev.citerag.text.internal.LexicalAnalyzer;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Supplier;
import org.apache.lucene.analysis.CharArraySet;
import org.apache.lucene.analysis.ar.ArabicAnalyzer;
import org.apache.lucene.analysis.ca.CatalanAnalyzer;
import org.apache.lucene.analysis.da.DanishAnalyzer;
import org.apache.lucene.analysis.de.GermanAnalyzer;
import org.apache.lucene.analysis.el.GreekAnalyzer;
import org.apache.lucene.analysis.es.SpanishAnalyzer;
import org.apache.lucene.analysis.et.EstonianAnalyzer;
import org.apache.lucene.analysis.eu.BasqueAnalyzer;
import org.apache.lucene.analysis.fi.FinnishAnalyzer;
import org.apache.lucene.analysis.fr.FrenchAnalyzer;
import org.apache.lucene.analysis.ga.IrishAnalyzer;
import org.apache.lucene.analysis.hu.HungarianAnalyzer;
import org.apache.lucene.analysis.hy.ArmenianAnalyzer;
import org.apache.lucene.analysis.id.IndonesianAnalyzer;
import org.apache.lucene.analysis.it.ItalianAnalyzer;
import org.apache.lucene.analysis.lt.LithuanianAnalyzer;
import org.apache.lucene.analysis.nl.DutchAnalyzer;
import org.apache.lucene.analysis.no.NorwegianAnalyzer;
import org.apache.lucene.analysis.pt.PortugueseAnalyzer;
import org.apache.lucene.analysis.ro.RomanianAnalyzer;
import org.apache.lucene.analysis.ru.RussianAnalyzer;
import org.apache.lucene.analysis.sr.SerbianAnalyzer;
import org.apache.lucene.analysis.sv.SwedishAnalyzer;
import org.apache.lucene.analysis.tr.TurkishAnalyzer;
import org.jspecify.annotations.Nullable;
import org.tartarus.snowball.SnowballStemmer;
import org.tartarus.snowball.ext.ArabicStemmer;
import org.tartarus.snowball.ext.ArmenianStemmer;
import org.tartarus.snowball.ext.BasqueStemmer;
import org.tartarus.snowball.ext.CatalanStemmer;
import org.tartarus.snowball.ext.DanishStemmer;
import org.tartarus.snowball.ext.DutchStemmer;
import org.tartarus.snowball.ext.EstonianStemmer;
import org.tartarus.snowball.ext.FinnishStemmer;
import org.tartarus.snowball.ext.FrenchStemmer;
import org.tartarus.snowball.ext.GermanStemmer;
import org.tartarus.snowball.ext.GreekStemmer;
import org.tartarus.snowball.ext.HungarianStemmer;
import org.tartarus.snowball.ext.IndonesianStemmer;
import org.tartarus.snowball.ext.IrishStemmer;
import org.tartarus.snowball.ext.ItalianStemmer;
import org.tartarus.snowball.ext.LithuanianStemmer;
import org.tartarus.snowball.ext.NorwegianStemmer;
import org.tartarus.snowball.ext.PortugueseStemmer;
import org.tartarus.snowball.ext.RomanianStemmer;
import org.tartarus.snowball.ext.RussianStemmer;
import org.tartarus.snowball.ext.SerbianStemmer;
import org.tartarus.snowball.ext.SpanishStemmer;
import org.tartarus.snowball.ext.SwedishStemmer;
import org.tartarus.snowball.ext.TurkishStemmer;

/**
 * A {@link TextAnalyzer} for one language from Lucene's Snowball stemmers, the same stemmers
 * PostgreSQL's text-search configuration of that name uses:
 *
 * <pre>{@code
 * VectorStore store = new InMemoryVectorStore(384, SnowballAnalyzer.of("german"));
 * }</pre>
 *
 * <p>Text is split as by {@link TextAnalyzer#english()}: letters and digits of any script form
 * tokens, numbers and identifiers stay whole ({@code 141.80}, {@code v2.3.1}, {@code deploy-bot},
 * whose parts are terms too), everything is lower-cased ({@link Locale#ROOT}). Each token made of
 * letters alone is then reduced to its Snowball stem ({@code Häuser} and {@code Haus} to {@code
 * haus}, {@code серверов} and {@code сервер} to {@code сервер}); tokens with digits or separators
 * are kept as they are. Lucene's stop-word list for the language is dropped unless {@link
 * #withoutStopWords()} is asked for. German compounds are not split ({@code Server} does not find
 * {@code Datenbankserver}), as in PostgreSQL.
 *
 * <p>{@link #languages()} lists the names {@link #of} takes. English is core's own analyser ({@link
 * TextAnalyzer#english()}). Instances are immutable and thread-safe.
 */
public final class SnowballAnalyzer implements TextAnalyzer {

  private record Language(Supplier<SnowballStemmer> stemmer, Supplier<CharArraySet> stopWords) {}

  private static final Map<String, Language> LANGUAGES =
      Map.ofEntries(
          Map.entry("arabic", new Language(ArabicStemmer::new, ArabicAnalyzer::getDefaultStopSet)),
          Map.entry(
              "armenian", new Language(ArmenianStemmer::new, ArmenianAnalyzer::getDefaultStopSet)),
          Map.entry("basque", new Language(BasqueStemmer::new, BasqueAnalyzer::getDefaultStopSet)),
          Map.entry(
              "catalan", new Language(CatalanStemmer::new, CatalanAnalyzer::getDefaultStopSet)),
          Map.entry("danish", new Language(DanishStemmer::new, DanishAnalyzer::getDefaultStopSet)),
          Map.entry("dutch", new Language(DutchStemmer::new, DutchAnalyzer::getDefaultStopSet)),
          Map.entry(
              "estonian", new Language(EstonianStemmer::new, EstonianAnalyzer::getDefaultStopSet)),
          Map.entry(
              "finnish", new Language(FinnishStemmer::new, FinnishAnalyzer::getDefaultStopSet)),
          Map.entry("french", new Language(FrenchStemmer::new, FrenchAnalyzer::getDefaultStopSet)),
          Map.entry("german", new Language(GermanStemmer::new, GermanAnalyzer::getDefaultStopSet)),
          Map.entry("greek", new Language(GreekStemmer::new, GreekAnalyzer::getDefaultStopSet)),
          Map.entry(
              "hungarian",
              new Language(HungarianStemmer::new, HungarianAnalyzer::getDefaultStopSet)),
          Map.entry(
              "indonesian",
              new Language(IndonesianStemmer::new, IndonesianAnalyzer::getDefaultStopSet)),
          Map.entry("irish", new Language(IrishStemmer::new, IrishAnalyzer::getDefaultStopSet)),
          Map.entry(
              "italian", new Language(ItalianStemmer::new, ItalianAnalyzer::getDefaultStopSet)),
          Map.entry(
              "lithuanian",
              new Language(LithuanianStemmer::new, LithuanianAnalyzer::getDefaultStopSet)),
          Map.entry(
              "norwegian",
              new Language(NorwegianStemmer::new, NorwegianAnalyzer::getDefaultStopSet)),
          Map.entry(
              "portuguese",
              new Language(PortugueseStemmer::new, PortugueseAnalyzer::getDefaultStopSet)),
          Map.entry(
              "romanian", new Language(RomanianStemmer::new, RomanianAnalyzer::getDefaultStopSet)),
          Map.entry(
              "russian", new Language(RussianStemmer::new, RussianAnalyzer::getDefaultStopSet)),
          Map.entry(
              "serbian", new Language(SerbianStemmer::new, SerbianAnalyzer::getDefaultStopSet)),
          Map.entry(
              "spanish", new Language(SpanishStemmer::new, SpanishAnalyzer::getDefaultStopSet)),
          Map.entry(
              "swedish", new Language(SwedishStemmer::new, SwedishAnalyzer::getDefaultStopSet)),
          Map.entry(
              "turkish", new Language(TurkishStemmer::new, TurkishAnalyzer::getDefaultStopSet)));

  private final String language;
  private final Supplier<SnowballStemmer> stemmer;
  private final @Nullable CharArraySet stopWords;

  private SnowballAnalyzer(
      String language, Supplier<SnowballStemmer> stemmer, @Nullable CharArraySet stopWords) {
    this.language = language;
    this.stemmer = stemmer;
    this.stopWords = stopWords;
  }

  /**
   * The analyser of {@code language}, with the language's stop words dropped.
   *
   * @param language one of {@link #languages()}, e.g. {@code german}, {@code russian}; case does
   *     not matter
   * @return its analyser
   * @throws IllegalArgumentException when {@code language} is null, {@code english} (core's {@link
   *     TextAnalyzer#english()}) or not one of {@link #languages()}
   */
  public static SnowballAnalyzer of(String language) {
    if (language == null) {
      throw new IllegalArgumentException("language: must not be null");
    }
    String name = language.strip().toLowerCase(Locale.ROOT);
    if (name.equals("english")) {
      throw new IllegalArgumentException(
          "language: english is core's analyser, TextAnalyzer.english(); SnowballAnalyzer takes "
              + String.join(", ", languages()));
    }
    Language l = LANGUAGES.get(name);
    if (l == null) {
      throw new IllegalArgumentException(
          "language: \""
              + language
              + "\" has no Snowball stemmer here; use one of "
              + String.join(", ", languages())
              + " (or english, TextAnalyzer.english())");
    }
    return new SnowballAnalyzer(name, l.stemmer(), l.stopWords().get());
  }

  /**
   * {@return the languages {@link #of} takes, sorted: the Snowball stemmers Lucene ships that have
   * a stop-word list, less English (core's) and the Indic ones (Hindi, Nepali, Tamil), whose vowel
   * signs the tokeniser does not yet keep inside a word}
   */
  public static List<String> languages() {
    return List.copyOf(new TreeSet<>(LANGUAGES.keySet()));
  }

  /** {@return this analyser without stop words: every word is a term} */
  public SnowballAnalyzer withoutStopWords() {
    return new SnowballAnalyzer(language, stemmer, null);
  }

  /** {@return whether the language's stop words are dropped} */
  public boolean dropsStopWords() {
    return stopWords != null;
  }

  @Override
  public String language() {
    return language;
  }

  /**
   * {@inheritDoc}
   *
   * @param text any text
   * @return its terms, stemmed, in order with repeats
   */
  @Override
  public List<String> terms(CharSequence text) {
    // a Snowball stemmer keeps state between calls: one per call, shared by all its tokens
    SnowballStemmer s = stemmer.get();
    CharArraySet stop = stopWords;
    return LexicalAnalyzer.terms(
        text,
        token -> {
          if (stop != null && stop.contains(token)) {
            return null;
          }
          if (!lettersOnly(token)) {
            return token;
          }
          s.setCurrent(token);
          s.stem();
          return s.getCurrent();
        });
  }

  private static boolean lettersOnly(String t) {
    for (int i = 0; i < t.length(); ) {
      int cp = t.codePointAt(i);
      if (!Character.isLetter(cp)) {
        return false;
      }
      i += Character.charCount(cp);
    }
    return true;
  }

  @Override
  public String toString() {
    return "SnowballAnalyzer[" + language + (stopWords == null ? ", no stop words" : "") + "]";
  }
}

package dev.citerag.verify.internal;

import java.util.regex.Pattern;

/**
 * British and American spellings folded to one key, by the regular correspondences of the two
 * spellings (not a word list): -our/-or ("colour"), -ise/-ize and -isation/-ization ("organise"),
 * -yse/-yze ("analyse"), -tre/-ter ("centre"), -ogue/-og ("catalogue"), -ence/-ense ("licence",
 * "defence"), a doubled l before an ending ("cancelled", "travelling"), ae/oe/e ("anaemia",
 * "manoeuvre"). Applied to both sides of a comparison, so a word that merely looks like a variant
 * ("tour") only matches itself or its own variant.
 */
final class Spelling {
  private Spelling() {}

  private static final Pattern ISE = Pattern.compile("ise(s|d|r|rs)?$");
  private static final Pattern ISING = Pattern.compile("ising$");
  private static final Pattern OUR = Pattern.compile("our(s|ed|ing|ful|ite|ites|able)?$");
  private static final Pattern TRE = Pattern.compile("tre(s)?$");
  private static final Pattern ENCE = Pattern.compile("ence(s)?$");
  private static final Pattern DOUBLE_L = Pattern.compile("([aeiou])ll(ed|ing|er|ers)$");

  /**
   * The spelling key of a lower-case word.
   *
   * @param w the word
   * @return its key
   */
  static String key(String w) {
    String s = w;
    if (s.length() < 5) {
      return s;
    }
    s = s.replace("isation", "ization").replace("yse", "yze").replace("ogue", "og");
    if (s.contains("is")) {
      s = ISE.matcher(s).replaceAll("ize$1");
      s = ISING.matcher(s).replaceAll("izing");
    }
    if (s.contains("our")) {
      s = OUR.matcher(s).replaceAll("or$1");
    }
    if (s.contains("tre")) {
      s = TRE.matcher(s).replaceAll("ter$1");
    }
    if (s.contains("ence")) {
      s = ENCE.matcher(s).replaceAll("ense$1");
    }
    if (s.contains("ll")) {
      s = DOUBLE_L.matcher(s).replaceAll("$1l$2");
    }
    return s.replace("ae", "e").replace("oe", "e");
  }
}

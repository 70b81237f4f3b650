package dev.citerag.verify.internal;

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
    s = s.replaceAll("ise(s|d|r|rs)?$", "ize$1").replaceAll("ising$", "izing");
    s = s.replaceAll("our(s|ed|ing|ful|ite|ites|able)?$", "or$1");
    s = s.replaceAll("tre(s)?$", "ter$1");
    s = s.replaceAll("ence(s)?$", "ense$1");
    s = s.replaceAll("([aeiou])ll(ed|ing|er|ers)$", "$1l$2");
    s = s.replace("ae", "e").replace("oe", "e");
    return s;
  }
}

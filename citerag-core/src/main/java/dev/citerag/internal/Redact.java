package dev.citerag.internal;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Makes text that came from outside (a provider's error message, quota id, help link, model name,
 * response id; a URL typed by a user) safe to put into an exception message, a log line or a trace:
 * secrets masked, control characters (terminal escapes, line breaks) turned into spaces, length
 * bounded.
 *
 * <p>Every adapter passes every provider-derived string through {@link #providerText} before it
 * reaches a message or a result, with the secrets it knows (an API key). Because a server or a
 * parser may quote any part of what it received, a secret is masked not only whole but also as any
 * piece of at least {@value #MIN_SECRET_PIECE} characters. Text that looks like a credential
 * whatever the secret (a {@code Bearer} or {@code Basic} token, a URL's {@code user:password@}, a
 * {@code key=}, {@code token=} or {@code password=} parameter) is masked too, for adapters whose
 * credentials live outside the library (an OkHttp interceptor adding a header).
 *
 * <p>A secret is found not only as given but under folding: other letter case, zero-width and other
 * invisible format characters inserted, compatibility forms (full-width letters) and letters of
 * other scripts that look like Latin ones ({@link #fold}). Secrets that the library is configured
 * with (API keys, database passwords) are registered once ({@link #registerSecret}) and masked in
 * every text this class makes safe, and {@link #matchesSecret} tells whether a word a model wrote
 * is one of them.
 *
 * <p>All scans are linear in the length of the text: no regular expression is used.
 */
public final class Redact {
  private Redact() {}

  /** Most secrets remembered; the oldest is forgotten beyond this. */
  static final int MAX_REGISTERED = 256;

  private static final Set<String> REGISTERED = new LinkedHashSet<>();

  /** What replaces a secret. */
  public static final String MASK = "****";

  /** Shortest piece of a known secret that is masked on its own. */
  public static final int MIN_SECRET_PIECE = 8;

  /** Names of URL parameters whose value is a credential (lower case). */
  private static final List<String> SECRET_PARAMETERS =
      List.of(
          "password",
          "passwd",
          "pwd",
          "key",
          "api_key",
          "apikey",
          "api-key",
          "token",
          "access_token",
          "secret",
          "client_secret",
          "sslpassword");

  /**
   * {@code text} safe for a message: every known secret (and every piece of one at least {@value
   * #MIN_SECRET_PIECE} characters long) and every credential-looking token masked, control and
   * bidirectional-formatting characters replaced by spaces, and the result cut to {@code maxChars}
   * characters (plus {@code ...}).
   *
   * @param text provider text; null gives the empty string
   * @param maxChars longest result, at least 16
   * @param secrets known secrets (blank ones are ignored)
   */
  public static String providerText(
      @Nullable String text, int maxChars, Collection<String> secrets) {
    if (text == null || text.isEmpty()) {
      return "";
    }
    int limit = Math.max(16, maxChars);
    // Bound the work: masking looks at a few times the kept length, never at megabytes.
    String s = text.length() > 4 * limit + 64 ? text.substring(0, 4 * limit + 64) : text;
    boolean cut = s.length() < text.length();
    List<String> folded = new ArrayList<>();
    for (String secret : secrets) {
      if (secret != null && !secret.isBlank()) {
        s = maskPieces(s.replace(secret, MASK), secret);
        folded.add(secret);
      }
    }
    for (String secret : registered()) {
      if (secret.length() >= MIN_SECRET_PIECE) {
        s = s.replace(secret, MASK);
        folded.add(secret);
      }
    }
    s = maskFolded(s, folded);
    s = credentials(s);
    StringBuilder out = new StringBuilder(Math.min(s.length(), limit) + 3);
    for (int i = 0; i < s.length() && out.length() < limit; i++) {
      char c = s.charAt(i);
      out.append(isUnsafe(c) ? ' ' : c);
    }
    if (cut || s.length() > limit) {
      out.append("...");
    }
    return out.toString();
  }

  /**
   * Remembers a secret the library was configured with (an API key, a database password), so that
   * {@link #providerText} masks it in any text and {@link #matchesSecret} recognises it. Blank
   * values are ignored; at most {@value #MAX_REGISTERED} are kept, the oldest forgotten first.
   *
   * @param secret the secret; null is ignored
   */
  public static void registerSecret(@Nullable String secret) {
    if (secret == null || secret.isBlank()) {
      return;
    }
    synchronized (REGISTERED) {
      REGISTERED.remove(secret);
      REGISTERED.add(secret);
      if (REGISTERED.size() > MAX_REGISTERED) {
        REGISTERED.remove(REGISTERED.iterator().next());
      }
    }
  }

  private static List<String> registered() {
    synchronized (REGISTERED) {
      return REGISTERED.isEmpty() ? List.of() : new ArrayList<>(REGISTERED);
    }
  }

  /**
   * Whether {@code word} (a term a model wrote) is a registered secret, holds one, or holds a piece
   * of one at least {@value #MIN_SECRET_PIECE} characters long, compared under {@link #fold}; a
   * secret shorter than that matches only a word that is exactly it.
   *
   * @param word the word
   * @return true when it must not be shown
   */
  public static boolean matchesSecret(String word) {
    return matchesSecret(word, List.of());
  }

  /**
   * {@link #matchesSecret(String)} against the registered secrets and {@code secrets}.
   *
   * @param word the word
   * @param secrets further secrets (blank ones are ignored)
   * @return true when it must not be shown
   */
  public static boolean matchesSecret(String word, Collection<String> secrets) {
    String w = fold(word, null);
    if (w.isEmpty()) {
      return false;
    }
    List<String> all = new ArrayList<>(registered());
    all.addAll(secrets);
    for (String secret : all) {
      if (secret == null || secret.isBlank()) {
        continue;
      }
      String f = fold(secret, null);
      if (f.isEmpty()) {
        continue;
      }
      if (f.length() < MIN_SECRET_PIECE) {
        // a short secret (a test password) would match half the words it shares letters with
        if (w.equals(f)) {
          return true;
        }
        continue;
      }
      for (int i = 0; i + MIN_SECRET_PIECE <= w.length(); i++) {
        if (longestCommonRun(w, i, f) >= MIN_SECRET_PIECE) {
          return true;
        }
      }
    }
    return false;
  }

  /** Longest run starting at {@code text[i]} that is also a substring of {@code secret}. */
  private static int longestCommonRun(String text, int i, String secret) {
    int longest = 0;
    for (int k = 0; k < secret.length(); k++) {
      int n = 0;
      while (i + n < text.length()
          && k + n < secret.length()
          && text.charAt(i + n) == secret.charAt(k + n)) {
        n++;
      }
      longest = Math.max(longest, n);
    }
    return longest;
  }

  /**
   * Text as compared with secrets: invisible format characters (zero-width spaces and joiners, soft
   * hyphens, byte order marks) dropped, each character in its compatibility form (NFKC), lower
   * case, and letters that look alike mapped to one: Cyrillic and Greek look-alikes to Latin
   * letters, {@code 0} to {@code o}, {@code 1}, {@code i} and {@code |} to {@code l}.
   *
   * @param text the text
   * @param origin when not null, filled with the index in {@code text} of the character each folded
   *     character came from (it must be at least as long as the folded text can be: {@code 4 *
   *     text.length()})
   * @return the folded text
   */
  static String fold(String text, int @Nullable [] origin) {
    StringBuilder out = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); ) {
      int cp = text.codePointAt(i);
      int n = Character.charCount(cp);
      if (cp < 0x80) {
        put(out, lookAlike(Character.toLowerCase(cp)), i, origin);
      } else if (Character.getType(cp) != Character.FORMAT) {
        String part = text.substring(i, i + n);
        String nfkc = Normalizer.normalize(part, Normalizer.Form.NFKC);
        // a few characters expand to many (U+FDFA to 18): those are kept as they are, so that the
        // folded text is at most 4 times as long as the text
        part = nfkc.length() <= 4 ? nfkc : part;
        for (int j = 0; j < part.length(); ) {
          int c = part.codePointAt(j);
          j += Character.charCount(c);
          put(out, lookAlike(Character.toLowerCase(c)), i, origin);
        }
      }
      i += n;
    }
    return out.toString();
  }

  private static void put(StringBuilder out, int cp, int from, int @Nullable [] origin) {
    int at = out.length();
    out.appendCodePoint(cp);
    if (origin != null) {
      for (int k = at; k < out.length() && k < origin.length; k++) {
        origin[k] = from;
      }
    }
  }

  private static final String LOOK_ALIKE_FROM =
      "\u0430\u0432\u0441\u0435\u04bb\u0456\u0458\u043a\u04cf\u043c\u043d\u043e\u0440\u051b\u0455\u0442\u0445\u0443\u051d\u0501\u0261"
          + "\u03b1\u03b2\u03b5\u03b6\u03b7\u03b9\u03ba\u03bc\u03bd\u03bf\u03c1\u03c4\u03c5\u03c7\u0131"
          + "01i|";
  private static final String LOOK_ALIKE_TO = "abcehljklmhopqstxywdg" + "abezhlkmvoptuxl" + "olll";

  private static int lookAlike(int c) {
    int k = c < 0x10000 ? LOOK_ALIKE_FROM.indexOf((char) c) : -1;
    return k < 0 ? c : LOOK_ALIKE_TO.charAt(k);
  }

  /**
   * Masks every run of {@code text} that, folded, is a piece of a folded secret at least {@value
   * #MIN_SECRET_PIECE} characters long (the whole secret when shorter), with the format characters
   * inside it. The text is folded once for all secrets.
   */
  static String maskFolded(String text, Collection<String> secrets) {
    if (text.isEmpty() || secrets.isEmpty()) {
      return text;
    }
    int[] origin = new int[4 * text.length() + 4];
    String ft = fold(text, origin);
    boolean[] masked = null;
    for (String secret : secrets) {
      String fs = fold(secret, null);
      if (fs.isEmpty()) {
        continue;
      }
      int min = Math.min(MIN_SECRET_PIECE, fs.length());
      int i = 0;
      while (i + min <= ft.length()) {
        int longest = longestCommonRun(ft, i, fs);
        if (longest >= min) {
          if (masked == null) {
            masked = new boolean[text.length()];
          }
          int from = origin[i];
          int last = origin[i + longest - 1];
          int to = last + Character.charCount(text.codePointAt(last));
          for (int k = from; k < to; k++) {
            masked[k] = true;
          }
          i += longest;
        } else {
          i++;
        }
      }
    }
    if (masked == null) {
      return text;
    }
    StringBuilder out = new StringBuilder(text.length());
    for (int k = 0; k < text.length(); k++) {
      if (!masked[k]) {
        out.append(text.charAt(k));
      } else if (k == 0 || !masked[k - 1]) {
        out.append(MASK);
      }
    }
    return out.toString();
  }

  /** {@link #providerText} with one secret. */
  public static String providerText(@Nullable String text, int maxChars, @Nullable String secret) {
    return providerText(text, maxChars, secret == null ? List.of() : List.of(secret));
  }

  /**
   * A URL for people: the password of its user-info ({@code scheme://user:PASSWORD@host}) and the
   * value of every credential parameter ({@code ?password=...}, {@code &sslpassword=...}, {@code
   * key=}, {@code token=}) replaced by {@link #MASK}; the user name, host, port, path and other
   * parameters are kept so that the message still says where.
   */
  public static String url(@Nullable String url) {
    if (url == null) {
      return "";
    }
    String s = userInfoPassword(url);
    int q = s.indexOf('?');
    if (q < 0) {
      return s;
    }
    StringBuilder out = new StringBuilder(s.length()).append(s, 0, q + 1);
    String query = s.substring(q + 1);
    int start = 0;
    while (start <= query.length()) {
      int amp = query.indexOf('&', start);
      int end = amp < 0 ? query.length() : amp;
      String pair = query.substring(start, end);
      int eq = pair.indexOf('=');
      String name = eq < 0 ? pair : pair.substring(0, eq);
      if (eq >= 0 && SECRET_PARAMETERS.contains(name.toLowerCase(Locale.ROOT))) {
        out.append(name).append('=').append(MASK);
      } else {
        out.append(pair);
      }
      if (amp < 0) {
        break;
      }
      out.append('&');
      start = amp + 1;
    }
    return out.toString();
  }

  /**
   * {@code scheme://user:secret@host...} with the secret masked; anything else unchanged. The
   * secret may hold unescaped {@code /}, {@code @}, {@code ?} or {@code #}: the user-info ends at
   * the last {@code @} that a host follows ({@link #userInfoEnd}).
   */
  private static String userInfoPassword(String url) {
    int scheme = url.indexOf("://");
    if (scheme < 0) {
      return url;
    }
    int authorityStart = scheme + 3;
    int at = userInfoEnd(url, authorityStart, url.length());
    if (at < 0) {
      return url;
    }
    int colon = url.indexOf(':', authorityStart);
    if (colon < 0 || colon > at) {
      return url;
    }
    return url.substring(0, colon + 1) + MASK + url.substring(at);
  }

  /**
   * The index of the {@code @} that ends a URL's user-info in {@code s[from, to)} ({@code from}
   * just after {@code ://}), or -1: the last {@code @} followed by something shaped like a host
   * ({@code name}, {@code name:port}, {@code [v6]}, a list of them) up to {@code /}, {@code ?},
   * {@code #} or the end.
   *
   * @param s the text
   * @param from where the authority starts
   * @param to where the search ends (exclusive)
   * @return the index, or -1 when there is no user-info
   */
  public static int userInfoEnd(String s, int from, int to) {
    for (int at = s.lastIndexOf('@', to - 1); at >= from; at = s.lastIndexOf('@', at - 1)) {
      int k = at + 1;
      while (k < to && "/?#".indexOf(s.charAt(k)) < 0) {
        char c = s.charAt(k);
        if (!(Character.isLetterOrDigit(c) || ".-_:[],%".indexOf(c) >= 0)) {
          break;
        }
        k++;
      }
      if (k > at + 1 && (k == to || "/?#".indexOf(s.charAt(k)) >= 0)) {
        return at;
      }
    }
    return -1;
  }

  /**
   * Masks {@code Bearer x}, {@code Basic x}, {@code ://u:p@} and {@code name=value} credentials.
   */
  private static String credentials(String s) {
    if (s.indexOf('=') < 0
        && s.indexOf('@') < 0
        && !containsIgnoreCase(s, "bearer")
        && !containsIgnoreCase(s, "basic")) {
      return s;
    }
    StringBuilder out = new StringBuilder(s.length());
    int i = 0;
    while (i < s.length()) {
      int skip = schemeToken(s, i);
      if (skip > 0) {
        out.append(s, i, i + skip).append(MASK);
        i = tokenEnd(s, i + skip);
        continue;
      }
      char c = s.charAt(i);
      if (c == '=' && isSecretParameterBefore(s, i)) {
        out.append('=').append(MASK);
        i = tokenEnd(s, i + 1);
        continue;
      }
      if (c == ':' && i + 2 < s.length() && s.charAt(i + 1) == '/' && s.charAt(i + 2) == '/') {
        int end = i + 3;
        while (end < s.length() && !isTokenEnd(s.charAt(end))) {
          end++;
        }
        int at = userInfoEnd(s, i + 3, end);
        int colon = -1;
        for (int k = i + 3; k < at; k++) {
          if (s.charAt(k) == ':') {
            colon = k;
            break;
          }
        }
        if (at > i + 3 && colon > 0) {
          out.append(s, i, colon + 1).append(MASK);
          i = at;
          continue;
        }
      }
      out.append(c);
      i++;
    }
    return out.toString();
  }

  /** Length of {@code "Bearer "} / {@code "Basic "} at {@code i} (word-initial), else 0. */
  private static int schemeToken(String s, int i) {
    if (i > 0 && Character.isLetterOrDigit(s.charAt(i - 1))) {
      return 0;
    }
    for (String word : new String[] {"bearer", "basic"}) {
      int n = word.length();
      if (s.regionMatches(true, i, word, 0, n)
          && i + n < s.length()
          && (s.charAt(i + n) == ' ' || s.charAt(i + n) == '\t')) {
        int j = i + n;
        while (j < s.length() && (s.charAt(j) == ' ' || s.charAt(j) == '\t')) {
          j++;
        }
        if (j < s.length() && looksLikeToken(s, j)) {
          return j - i;
        }
      }
    }
    return 0;
  }

  /** At least 8 characters up to the next blank, one of them a digit or token punctuation. */
  private static boolean looksLikeToken(String s, int from) {
    int end = tokenEnd(s, from);
    if (end - from < 8) {
      return false;
    }
    for (int k = from; k < end; k++) {
      char c = s.charAt(k);
      if (Character.isDigit(c) || "-_.+/=~".indexOf(c) >= 0) {
        return true;
      }
    }
    return false;
  }

  private static boolean isSecretParameterBefore(String s, int eq) {
    int start = eq;
    while (start > 0) {
      char c = s.charAt(start - 1);
      if (Character.isLetterOrDigit(c) || c == '_' || c == '-') {
        start--;
      } else {
        break;
      }
      if (eq - start > 32) {
        return false;
      }
    }
    return start < eq
        && SECRET_PARAMETERS.contains(s.substring(start, eq).toLowerCase(Locale.ROOT));
  }

  private static int tokenEnd(String s, int from) {
    int j = from;
    while (j < s.length() && !isTokenEnd(s.charAt(j)) && s.charAt(j) != '&') {
      j++;
    }
    return j;
  }

  private static boolean isTokenEnd(char c) {
    return Character.isWhitespace(c)
        || c == '"'
        || c == '\''
        || c == ','
        || c == ';'
        || c == ')'
        || c == '<'
        || c == '>'
        || c == '}'
        || c == ']'
        || Character.isISOControl(c);
  }

  private static boolean containsIgnoreCase(String s, String word) {
    for (int i = 0; i + word.length() <= s.length(); i++) {
      if (s.regionMatches(true, i, word, 0, word.length())) {
        return true;
      }
    }
    return false;
  }

  /** Control characters and the bidirectional overrides that can disguise text on a terminal. */
  private static boolean isUnsafe(char c) {
    return Character.isISOControl(c)
        || (c >= '\u202A' && c <= '\u202E')
        || (c >= '\u2066' && c <= '\u2069')
        || c == '\u200E'
        || c == '\u200F'
        || c == '\u061C';
  }

  /**
   * Replaces every run of at least {@link #MIN_SECRET_PIECE} characters that is also a substring of
   * the secret. Cost: length of text times length of secret (a secret is short).
   */
  static String maskPieces(String text, String secret) {
    int min = Math.min(MIN_SECRET_PIECE, secret.length());
    StringBuilder out = null;
    int i = 0;
    while (i < text.length()) {
      int longest = 0;
      for (int k = 0; k + min <= secret.length(); k++) {
        int n = 0;
        while (i + n < text.length()
            && k + n < secret.length()
            && text.charAt(i + n) == secret.charAt(k + n)) {
          n++;
        }
        longest = Math.max(longest, n);
      }
      if (longest >= min) {
        if (out == null) {
          out = new StringBuilder(text.length()).append(text, 0, i);
        }
        out.append(MASK);
        i += longest;
      } else {
        if (out != null) {
          out.append(text.charAt(i));
        }
        i++;
      }
    }
    return out == null ? text : out.toString();
  }
}

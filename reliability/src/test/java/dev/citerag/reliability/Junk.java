package dev.citerag.reliability;

import dev.citerag.store.Filter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.jspecify.annotations.Nullable;

/** Seeded generators of hostile input values for {@link BadInputFuzzTest}. */
final class Junk {
  private Junk() {}

  static final String[] PIECES = {
    "",
    " ",
    "\t",
    "\n",
    "\r\n",
    "\u00A0",
    "\u2028",
    "\u200B",
    "\u200F",
    "\uFEFF",
    "\u0000",
    "\u0007",
    "\u001B[31m",
    "\u007F",
    "\u0085",
    "\uD800",
    "\uDC00",
    "\uDFFF\uD800",
    "\uD83D\uDE00",
    "e\u0301",
    "\u202Eevil",
    "'",
    "\"",
    "\\",
    "\\\\",
    "\\u0000",
    "\\\"",
    ";",
    "--",
    "/*",
    "*/",
    "%",
    "_",
    "$1",
    "?",
    ":name",
    "E'\\x00'",
    "'); DROP TABLE x; --",
    "\" OR \"1\"=\"1",
    "' OR '1'='1",
    "{",
    "}",
    "[",
    "]",
    "{}",
    "%s%n",
    "${jndi:ldap://x}",
    "<script>",
    "</sources>",
    "deploy",
    "rollback",
    "quota",
    "the",
    "a",
    "0.015",
    "141.80",
    "on-call",
    "SVC_KEY",
    "déjà",
    "東京",
    "\u0130",
    "ß",
    "ﬁ",
    "..",
    "../../etc/passwd",
    "null",
    "NaN",
    "-0",
    "1e309",
    "\u0000\u0000",
    "#",
    "##",
    "|",
    "|---|",
    "```",
    "- ",
    "> ",
    "1. ",
    "*",
    "_x_"
  };

  /**
   * Pieces whose long repetition stresses regular expressions and parsers (recursion,
   * backtracking).
   */
  static final String[] PATHOLOGICAL = {
    "0-",
    "1,",
    "a.",
    "x/",
    "b:",
    "it'",
    "1s",
    "|---",
    "| --- ",
    "- ",
    "#",
    "`",
    "(",
    "[",
    "{\"a\":",
    "\\",
    "'",
    "\"",
    "a b ",
    ". ",
    "!",
    "\u00A0",
    "\n",
    "\n\n",
    "\t",
    "e\u0301",
    "\uD83D\uDE00"
  };

  static String text(Random r) {
    int mode = r.nextInt(100);
    if (mode == 99) {
      String p = PATHOLOGICAL[r.nextInt(PATHOLOGICAL.length)];
      return p.repeat((500 + r.nextInt(30_000)) / p.length());
    }
    if (mode < 3) {
      return "";
    }
    if (mode < 6) {
      return " \t\n\u00A0".substring(0, 1 + r.nextInt(4));
    }
    if (mode < 8) {
      // huge
      String p = PIECES[r.nextInt(PIECES.length)];
      int n = 1 + r.nextInt(4);
      return (p.isEmpty() ? "x" : p).repeat(Math.min(200_000, 1 << (10 + r.nextInt(8))) / n);
    }
    StringBuilder b = new StringBuilder();
    int parts = 1 + r.nextInt(12);
    for (int i = 0; i < parts; i++) {
      if (r.nextInt(4) == 0) {
        b.append((char) r.nextInt(0x10000));
      } else {
        b.append(PIECES[r.nextInt(PIECES.length)]);
      }
      if (r.nextBoolean()) {
        b.append(' ');
      }
    }
    return b.toString();
  }

  /** Mostly hostile text, sometimes null. */
  static @Nullable String textOrNull(Random r) {
    return r.nextInt(20) == 0 ? null : text(r);
  }

  static int anInt(Random r) {
    int[] edges = {
      Integer.MIN_VALUE,
      -1_000_000,
      -1,
      0,
      1,
      2,
      3,
      4,
      5,
      8,
      31,
      32,
      100,
      101,
      255,
      256,
      1024,
      4000,
      4001,
      8192,
      65_536,
      100_000,
      2_000_000,
      Integer.MAX_VALUE - 8,
      Integer.MAX_VALUE
    };
    return r.nextInt(3) == 0 ? r.nextInt(200) - 50 : edges[r.nextInt(edges.length)];
  }

  static double aDouble(Random r) {
    double[] edges = {
      Double.NaN,
      Double.NEGATIVE_INFINITY,
      Double.POSITIVE_INFINITY,
      -1,
      -0.0,
      0,
      Double.MIN_VALUE,
      0.3,
      0.5,
      1,
      1.0000001,
      2,
      2.5,
      10,
      Double.MAX_VALUE
    };
    return r.nextInt(3) == 0 ? r.nextDouble() * 4 - 1 : edges[r.nextInt(edges.length)];
  }

  static @Nullable Duration duration(Random r) {
    return switch (r.nextInt(10)) {
      case 0 -> null;
      case 1 -> Duration.ZERO;
      case 2 -> Duration.ofNanos(-1);
      case 3 -> Duration.ofNanos(1);
      case 4 -> Duration.ofSeconds(Long.MAX_VALUE);
      case 5 -> Duration.ofDays(365L * 1000);
      case 6 -> Duration.ofHours(2);
      default -> Duration.ofMillis(1 + r.nextInt(5_000));
    };
  }

  /**
   * A vector of roughly {@code dims} components, often with NaN, infinities, zeros or the wrong
   * length.
   */
  static float @Nullable [] vector(Random r, int dims) {
    int mode = r.nextInt(12);
    if (mode == 0) {
      return null;
    }
    int n =
        switch (r.nextInt(6)) {
          case 0 -> 0;
          case 1 -> dims - 1;
          case 2 -> dims + 1;
          case 3 -> 1 + r.nextInt(3 * dims);
          default -> dims;
        };
    float[] v = new float[n];
    for (int i = 0; i < n; i++) {
      v[i] = r.nextFloat() * 2 - 1;
    }
    if (n > 0) {
      switch (mode) {
        case 1 -> v[r.nextInt(n)] = Float.NaN;
        case 2 -> v[r.nextInt(n)] = Float.POSITIVE_INFINITY;
        case 3 -> v[r.nextInt(n)] = Float.NEGATIVE_INFINITY;
        case 4 -> java.util.Arrays.fill(v, 0f);
        case 5 -> java.util.Arrays.fill(v, Float.MAX_VALUE);
        case 6 -> java.util.Arrays.fill(v, Float.MIN_VALUE);
        case 7 -> v[r.nextInt(n)] = -0.0f;
        default -> {}
      }
    }
    return v;
  }

  static String key(Random r) {
    String[] keys = {
      "team",
      "owner",
      "env",
      "a",
      "A_b.c-d",
      "x".repeat(64),
      "x".repeat(65),
      "",
      " ",
      "team;",
      "te'am",
      "team\"",
      "metadata->>'team'",
      "1=1",
      "k\u0000",
      "ünïcode",
      "a b",
      "$.team",
      "team)",
      "--"
    };
    return r.nextInt(4) == 0 ? text(r) : keys[r.nextInt(keys.length)];
  }

  static String value(Random r) {
    String[] values = {
      "platform",
      "security",
      "search",
      "",
      "plat'form",
      "plat\\form",
      "plat\"form",
      "%",
      "_",
      "platform' OR '1'='1",
      "\\",
      "'",
      "\u0000",
      "x".repeat(10_000)
    };
    return r.nextInt(3) == 0 ? text(r) : values[r.nextInt(values.length)];
  }

  /**
   * A filter; constructing it may itself throw (bad keys, empty sets), which is part of the
   * fuzzing.
   */
  static Filter filter(Random r, int depth) {
    int kind = depth > 3 ? r.nextInt(3) : r.nextInt(7);
    return switch (kind) {
      case 0 -> Filter.ALL;
      case 1 -> Filter.eq(key(r), value(r));
      case 2 -> {
        int n = r.nextInt(4);
        String[] vs = new String[n];
        for (int i = 0; i < n; i++) {
          vs[i] = r.nextInt(30) == 0 ? null : value(r);
        }
        yield Filter.in(key(r), vs);
      }
      case 3, 4 -> {
        int n = r.nextInt(4);
        Filter[] parts = new Filter[n];
        for (int i = 0; i < n; i++) {
          parts[i] = filter(r, depth + 1);
        }
        yield kind == 3 ? Filter.and(parts) : Filter.or(parts);
      }
      case 5 -> {
        // deep nesting
        Filter f = Filter.eq("team", "platform");
        int depthN = 10 + r.nextInt(300);
        for (int i = 0; i < depthN; i++) {
          f =
              r.nextBoolean()
                  ? Filter.and(f, Filter.ALL)
                  : Filter.or(f, Filter.eq("team", value(r)));
        }
        yield f;
      }
      default -> Filter.and(Filter.eq("team", value(r)), Filter.in("owner", value(r), value(r)));
    };
  }

  static Map<String, String> metadata(Random r) {
    Map<String, String> m = new HashMap<>();
    int n = r.nextInt(4);
    for (int i = 0; i < n; i++) {
      m.put(r.nextInt(3) == 0 ? key(r) : "team", value(r));
    }
    return m;
  }

  /** Markdown-ish content: headings, tables, lists, fences, hostile characters, sometimes huge. */
  static String markdown(Random r) {
    if (r.nextInt(10) == 0) {
      return text(r);
    }
    StringBuilder b = new StringBuilder();
    int blocks = 1 + r.nextInt(12);
    for (int i = 0; i < blocks; i++) {
      switch (r.nextInt(8)) {
        case 0 -> b.append("#".repeat(1 + r.nextInt(8))).append(' ').append(text(r)).append('\n');
        case 1 -> {
          int cols = 1 + r.nextInt(r.nextInt(20) == 0 ? 500 : 6);
          b.append("|")
              .append(" h |".repeat(cols))
              .append("\n|")
              .append("---|".repeat(cols))
              .append('\n');
          for (int row = 0; row < r.nextInt(5); row++) {
            b.append("|")
                .append((" " + text(r).replace("\n", " ") + " |").repeat(cols))
                .append('\n');
          }
        }
        case 2 -> b.append("- ".repeat(1 + r.nextInt(50))).append(text(r)).append('\n');
        case 3 -> b.append("```\n").append(text(r)).append(r.nextBoolean() ? "\n```\n" : "\n");
        case 4 -> b.append(("word" + r.nextInt(100) + " ").repeat(r.nextInt(3000))).append('\n');
        case 5 -> b.append(text(r).replace(" ", "")).append('\n');
        default -> b.append(text(r)).append("\n\n");
      }
    }
    return b.toString();
  }

  static List<String> strings(Random r) {
    List<String> out = new ArrayList<>();
    int n = r.nextInt(5);
    for (int i = 0; i < n; i++) {
      out.add(r.nextInt(25) == 0 ? null : text(r));
    }
    return out;
  }

  /** A printable, escaped, abbreviated description of a value for crash reports. */
  static String show(@Nullable Object o) {
    if (o == null) {
      return "null";
    }
    String s =
        o instanceof float[] v
            ? "float[" + v.length + "]" + (v.length > 0 ? "{" + v[0] + ",...}" : "")
            : o.toString();
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < s.length() && b.length() < 120; i++) {
      char c = s.charAt(i);
      if (c < 0x20
          || c == 0x7f
          || Character.isSurrogate(c)
          || (c >= 0x200B && c <= 0x202E)
          || c == 0xFEFF) {
        b.append(String.format("\\u%04X", (int) c));
      } else if (c == '|') {
        b.append("\\|");
      } else {
        b.append(c);
      }
    }
    if (s.length() > 120) {
      b.append("… (").append(s.length()).append(" chars)");
    }
    return b.toString();
  }
}

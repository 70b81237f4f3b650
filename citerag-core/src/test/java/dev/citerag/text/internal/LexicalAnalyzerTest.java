package dev.citerag.text.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class LexicalAnalyzerTest {

  @Test
  void long_chains_of_joined_terms_do_not_overflow_a_small_stack() throws Exception {
    // "1,2,3,...": one token of 40,000 characters; the greedy group loop recursed once per link
    String chain = String.join(",", java.util.Collections.nCopies(20_000, "7"));
    java.util.concurrent.atomic.AtomicReference<Object> out =
        new java.util.concurrent.atomic.AtomicReference<>();
    Thread t =
        new Thread(
            null,
            () -> {
              try {
                out.set(
                    List.copyOf(
                        LexicalAnalyzer.terms("rollback " + chain + " deploy a-b-" + chain)));
              } catch (Throwable e) {
                out.set(e);
              }
            },
            "small-stack",
            256 * 1024);
    t.start();
    t.join();
    assertThat(out.get()).isInstanceOf(List.class);
    @SuppressWarnings("unchecked")
    List<String> terms = (List<String>) out.get();
    assertThat(terms).contains("rollback", "deploy");
  }

  @Test
  void keeps_numbers_units_and_identifiers_whole() {
    assertThat(
            LexicalAnalyzer.terms(
                "The limit is 0.010 mg/L and 141.80 EUR, see SVC_KEY and deploy-bot v2.3.1."))
        .contains(
            "0.010",
            "141.80",
            "svc_key",
            "deploy-bot",
            "deploy",
            "bot",
            "v2.3.1",
            "mg/l",
            "eur",
            "limit");
  }

  @Test
  void drops_stop_words_and_stems_with_porter2() {
    assertThat(LexicalAnalyzer.terms("What are the keys of the services?"))
        .containsExactly("key", "servic");
    assertThat(LexicalAnalyzer.terms("policies classes status"))
        .containsExactly("polici", "class", "status");
    assertThat(LexicalAnalyzer.terms("represented representing represents"))
        .containsExactly("repres", "repres", "repres");
  }

  @Test
  void stems_only_plain_words_and_the_parts_of_compounds() {
    assertThat(LexicalAnalyzer.terms("rolling-deploys v2.3.1 1990s"))
        .containsExactly("rolling-deploys", "roll", "deploy", "v2.3.1", "v2", "3", "1", "1990s");
  }

  @Test
  void counts_negations_that_terms_leave_out() {
    assertThat(LexicalAnalyzer.terms("The job was not retried")).doesNotContain("not");
    assertThat(LexicalAnalyzer.negations("The job was not retried")).isEqualTo(1);
    assertThat(LexicalAnalyzer.negations("It isn't and can\u2019t be, never, with no key"))
        .isEqualTo(4);
    assertThat(LexicalAnalyzer.negations("Notes on nothingness and knots")).isZero();
  }

  @Test
  void thousands_separators_are_removed_from_numbers() {
    assertThat(LexicalAnalyzer.terms("1,000 requests")).containsExactly("1000", "request");
  }

  @Test
  void possessives_are_reduced() {
    assertThat(LexicalAnalyzer.terms("the team's runbook")).containsExactly("team", "runbook");
  }

  @Test
  void tokens_are_found_where_the_token_pattern_finds_them() {
    java.util.regex.Pattern reference =
        java.util.regex.Pattern.compile("[\\p{L}\\p{N}_]+(?:[.,:/\\-'][\\p{L}\\p{N}_]+)*+");
    String alphabet =
        "aZ9_ .,:/-'\u00e9\u0301\u00bd\u2164\u0663\u90e8\ud835\udc00\ud83d\ude00\ud800!\u2019";
    java.util.Random r = new java.util.Random(20261202L);
    for (int k = 0; k < 20_000; k++) {
      StringBuilder b = new StringBuilder();
      int len = r.nextInt(16);
      for (int i = 0; i < len; i++) {
        b.append(alphabet.charAt(r.nextInt(alphabet.length())));
      }
      String s = b.toString();
      List<String> expected = new java.util.ArrayList<>();
      java.util.regex.Matcher m = reference.matcher(s);
      while (m.find()) {
        expected.add(m.start() + ":" + m.end());
      }
      List<String> scanned = new java.util.ArrayList<>();
      for (int i = 0; i < s.length(); ) {
        int cp = s.codePointAt(i);
        if (LexicalAnalyzer.isTokenChar(cp)) {
          int end = LexicalAnalyzer.tokenEnd(s, i);
          scanned.add(i + ":" + end);
          i = end;
        } else {
          i += Character.charCount(cp);
        }
      }
      assertThat(scanned).as("[%s]", s).isEqualTo(expected);
    }
  }

  @Test
  void remembered_stems_are_the_stemmers_and_the_memory_stays_bounded() throws Exception {
    // more distinct words than the memory holds, from two threads at once
    List<String> words = new java.util.ArrayList<>();
    java.util.Random r = new java.util.Random(7);
    String[] endings = {"ing", "ed", "s", "ation", "ness", "ly", "ies", "ement", ""};
    for (int i = 0; i < 3 * LexicalAnalyzer.STEM_CACHE_SIZE; i++) {
      StringBuilder w = new StringBuilder();
      for (int k = 3 + r.nextInt(6); k > 0; k--) {
        w.append((char) ('a' + r.nextInt(26)));
      }
      words.add(w + endings[r.nextInt(endings.length)]);
    }
    java.util.concurrent.ExecutorService pool =
        java.util.concurrent.Executors.newFixedThreadPool(2);
    try {
      List<java.util.concurrent.Future<Integer>> runs = new java.util.ArrayList<>();
      for (int t = 0; t < 2; t++) {
        runs.add(
            pool.submit(
                () -> {
                  int wrong = 0;
                  for (int pass = 0; pass < 2; pass++) {
                    for (String w : words) {
                      wrong += LexicalAnalyzer.stem(w).equals(EnglishStemmer.stem(w)) ? 0 : 1;
                      assertThat(LexicalAnalyzer.stemsRemembered())
                          .isLessThanOrEqualTo(LexicalAnalyzer.STEM_CACHE_SIZE + 2);
                    }
                  }
                  return wrong;
                }));
      }
      for (java.util.concurrent.Future<Integer> run : runs) {
        assertThat(run.get()).isZero();
      }
    } finally {
      pool.shutdownNow();
    }
    assertThat(LexicalAnalyzer.stemsRemembered())
        .isPositive()
        .isLessThanOrEqualTo(LexicalAnalyzer.STEM_CACHE_SIZE + 2);
  }
}

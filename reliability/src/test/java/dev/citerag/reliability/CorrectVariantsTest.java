package dev.citerag.reliability;

import static dev.citerag.reliability.HostileReplies.answered;
import static dev.citerag.reliability.HostileReplies.cite;
import static dev.citerag.reliability.HostileReplies.claim;
import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.chat.ChatModel;
import dev.citerag.embed.Embedder;
import dev.citerag.ingest.Document;
import dev.citerag.pipeline.RagPipeline;
import dev.citerag.pipeline.RagResult;
import dev.citerag.pipeline.ResolvedCitation;
import dev.citerag.provider.RetryPolicy;
import dev.citerag.reliability.HostileReplies.Adapter;
import dev.citerag.reliability.HostileReplies.Envelope;
import dev.citerag.reliability.HostileReplies.Hostile;
import dev.citerag.reliability.support.Figures;
import dev.citerag.reliability.support.ProviderStub;
import dev.citerag.reliability.support.Stack;
import dev.citerag.store.InMemoryVectorStore;
import dev.citerag.testkit.fakes.SentSources;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import mockwebserver3.MockResponse;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Correct replies whose quotes differ from their source only in form must all be served, through
 * the real Gemini and Ollama adapters: typographic apostrophes and quotes, no-break spaces, soft
 * hyphens, zero-width characters, byte order marks, full-width and ligature forms, NFD letters,
 * line breaks; and quotes in Chinese, Japanese, Korean and Thai (measured in characters), with
 * full-width punctuation, half-width kana and decomposed Hangul. Every served quote must be the
 * source's own text.
 */
@Timeout(value = 200, unit = TimeUnit.SECONDS)
class CorrectVariantsTest {

  /**
   * Form changes applied to a quote (and to the claim that repeats it); none changes a letter,
   * digit or word.
   */
  static final Map<String, UnaryOperator<String>> FORMS =
      new TreeMap<>(
          Map.ofEntries(
              Map.entry("01 no-break spaces", s -> s.replace(' ', '\u00A0')),
              Map.entry("02 narrow no-break spaces", s -> s.replaceFirst(" ", "\u202F")),
              Map.entry("03 soft hyphen in the longest word", CorrectVariantsTest::softHyphen),
              Map.entry(
                  "04 zero-width space after the first word", s -> s.replaceFirst(" ", "\u200B ")),
              Map.entry(
                  "05 zero-width joiner inside a word",
                  s -> s.length() > 3 ? s.substring(0, 2) + "\u200D" + s.substring(2) : s),
              Map.entry("06 byte order mark first", s -> "\uFEFF" + s),
              Map.entry("07 typographic apostrophes and quotes", CorrectVariantsTest::typographic),
              Map.entry("08 full-width first word", CorrectVariantsTest::fullWidthFirstWord),
              Map.entry(
                  "09 ligatures",
                  s -> s.replace("fi", "\uFB01").replace("fl", "\uFB02").replace("ff", "\uFB00")),
              Map.entry(
                  "10 line breaks and tabs",
                  s -> s.replaceFirst(" ", "\n").replaceFirst(" ", "\t")),
              Map.entry(
                  "11 word joiner and left-to-right mark",
                  s -> s.replaceFirst(" ", " \u2060").replaceFirst(" ", "\u200E ")),
              Map.entry("12 non-breaking hyphens", s -> s.replace('-', '\u2011')),
              Map.entry("13 NFD form", s -> Normalizer.normalize(s, Normalizer.Form.NFD)),
              Map.entry(
                  "14 all at once",
                  s -> "\uFEFF" + typographic(softHyphen(s.replace(' ', '\u00A0'))))));

  /** Documents in scripts with and without spaces, and with accents, written for this test. */
  static final List<Document> WORLD =
      List.of(
          Document.markdown(
              "world/zh.md",
              "# 部署规则\n\n生产环境的部署只允许在周一至周四的九点到十六点之间进行。" + "回滚通常在五分钟内完成，不需要额外审批。每次部署需要两名工程师批准。"),
          Document.markdown(
              "world/ja.md",
              "# デプロイの規則\n\n本番環境へのデプロイは月曜日から木曜日までの九時から十六時の間だけ許可されています。"
                  + "ロールバックは通常五分以内に完了します。各デプロイには二名の承認が必要です。"),
          Document.markdown(
              "world/ko.md",
              "# 배포 규칙\n\n프로덕션 배포는 월요일부터 목요일까지 오전 9시부터 오후 4시 사이에만 허용됩니다. "
                  + "롤백은 보통 5분 안에 끝납니다. 모든 배포에는 두 명의 승인이 필요합니다."),
          Document.markdown(
              "world/th.md",
              "# กฎการปรับใช้\n\nการปรับใช้ระบบจริงทำได้เฉพาะวันจันทร์ถึงวันพฤหัสบดีเท่านั้น "
                  + "การย้อนกลับมักเสร็จภายในห้านาที การปรับใช้แต่ละครั้งต้องได้รับการอนุมัติจากวิศวกรสองคน"),
          Document.markdown(
              "world/fr.md",
              "# Règles de déploiement\n\nLe déploiement en production est autorisé du lundi au "
                  + "jeudi, entre 9 h et 16 h. Un retour arrière se termine généralement en cinq minutes, sans réapprobation."),
          Document.markdown(
              "world/de.md",
              "# Bereitstellung\n\nProduktive Bereitstellungen sind nur von Montag bis Donnerstag "
                  + "erlaubt. Ein Zurückrollen dauert in der Regel fünf Minuten und benötigt keine zusätzliche Genehmigung."));

  /**
   * Per script: a question, a marker that picks its source among those sent, and quote forms of
   * that source.
   */
  record World(String script, String question, String marker, List<UnaryOperator<String>> forms) {}

  static final List<World> WORLDS =
      List.of(
          new World(
              "Chinese",
              "回滚需要多长时间？",
              "回滚",
              List.of(
                  s -> sentence(s, "回滚", "。"), s -> sentence(s, "回滚", "。").replace('，', ','),
                  s -> middle(sentence(s, "每次", "。"), 9), s -> sentence(s, "生产", "。"),
                  s -> "\uFEFF" + sentence(s, "每次", "。"), s -> middle(sentence(s, "生产", "。"), 12))),
          new World(
              "Japanese",
              "ロールバックにはどのくらいかかりますか？",
              "ロールバック",
              List.of(
                  s -> sentence(s, "ロールバック", "。"), s -> halfWidthKana(sentence(s, "ロールバック", "。")),
                  s -> sentence(s, "各デプロイ", "。"), s -> middle(sentence(s, "本番", "。"), 10),
                  s -> sentence(s, "本番", "。").replace('。', '｡'),
                      s -> middle(sentence(s, "ロールバック", "。"), 8))),
          new World(
              "Korean",
              "롤백은 얼마나 걸립니까?",
              "롤백은",
              List.of(
                  s -> sentence(s, "롤백은", "."),
                      s -> Normalizer.normalize(sentence(s, "롤백은", "."), Normalizer.Form.NFD),
                  s -> sentence(s, "모든", "."), s -> sentence(s, "프로덕션", ".").replace(' ', '\u00A0'),
                  s -> sentence(s, "모든", ".").replace("두", "\u200B두"),
                      s -> sentence(s, "프로덕션", "."))),
          new World(
              "Thai",
              "การย้อนกลับใช้เวลานานเท่าไร",
              "การย้อนกลับ",
              List.of(
                  s -> sentence(s, "การย้อนกลับ", " "), s -> sentence(s, "การปรับใช้แต่ละ", null),
                  s -> sentence(s, "การปรับใช้ระบบ", " "),
                      s ->
                          Normalizer.normalize(
                              sentence(s, "การย้อนกลับ", " "), Normalizer.Form.NFD),
                  s -> "\uFEFF" + sentence(s, "การปรับใช้ระบบ", " "),
                      s -> sentence(s, "การย้อนกลับ", " ").replace("ห้า", "\u200Bห้า"))),
          new World(
              "French (accents)",
              "Combien de temps dure un retour arrière ?",
              "retour arrière",
              List.of(
                  s -> sentence(s, "Un retour", "."),
                      s -> Normalizer.normalize(sentence(s, "Un retour", "."), Normalizer.Form.NFD),
                  s -> sentence(s, "Le déploiement", ",").replace(' ', '\u00A0'),
                      s ->
                          Normalizer.normalize(
                              sentence(s, "Le déploiement", ","), Normalizer.Form.NFD),
                  s -> softHyphen(sentence(s, "Un retour", ".")),
                      s -> "\uFEFF" + sentence(s, "Un retour", "."))),
          new World(
              "German (umlauts)",
              "Wie lange dauert ein Zurückrollen?",
              "Zurückrollen",
              List.of(
                  s -> sentence(s, "Ein Zurückrollen", "."),
                      s ->
                          Normalizer.normalize(
                              sentence(s, "Ein Zurückrollen", "."), Normalizer.Form.NFD),
                  s -> sentence(s, "Produktive", "."),
                      s ->
                          Normalizer.normalize(sentence(s, "Produktive", "."), Normalizer.Form.NFD),
                  s -> sentence(s, "Ein Zurückrollen", ".").replace(' ', '\u202F'),
                      s -> softHyphen(sentence(s, "Produktive", ".")))));

  private static Embedder embedder;
  private static InMemoryVectorStore golden;
  private static InMemoryVectorStore world;

  @BeforeAll
  static void corpora() {
    embedder = Stack.embedder();
    golden = Stack.goldenInMemory(embedder);
    world = new InMemoryVectorStore(embedder.identity().dimensions());
    Stack.ingest(embedder, world, WORLD);
  }

  @Test
  void every_correct_variant_is_served_through_the_gemini_adapter() {
    run(Adapter.GEMINI);
  }

  @Test
  void every_correct_variant_is_served_through_the_ollama_adapter() {
    run(Adapter.OLLAMA);
  }

  private void run(Adapter adapter) {
    ProviderStub.Kind kind =
        adapter == Adapter.GEMINI ? ProviderStub.Kind.GEMINI : ProviderStub.Kind.OLLAMA;
    try (ProviderStub stub = new ProviderStub(kind).recording(false)) {
      ChatModel model = Stack.chatModel(stub, RetryPolicy.NONE);
      RagPipeline english = Stack.pipeline(embedder, golden, model).maxRetries(0).build();
      RagPipeline others =
          Stack.pipeline(embedder, world, model)
              .maxRetries(0)
              .topK(8)
              .requireLexicalMatch(false)
              .build();
      List<String> problems = new ArrayList<>();
      Set<String> distinct = new HashSet<>();
      Map<String, int[]> byForm = new TreeMap<>();
      int tried = 0;

      for (Map.Entry<String, UnaryOperator<String>> form : FORMS.entrySet()) {
        for (int window = 0; window < 8; window++) {
          for (String q : HostileModelOutputTest.QUESTIONS) {
            int w = window;
            stub.handler(
                req -> {
                  String[] idQuote = windowOf(req.sources(), w);
                  String variant = form.getValue().apply(idQuote[1]);
                  return reply(stub, idQuote[0], variant, distinct);
                });
            tried++;
            check(english.ask(q), form.getKey(), q, problems, byForm);
          }
        }
      }
      for (World wd : WORLDS) {
        for (int f = 0; f < wd.forms().size(); f++) {
          UnaryOperator<String> form = wd.forms().get(f);
          for (int copy = 0; copy < 2; copy++) {
            String claimPrefix = copy == 0 ? "" : "\u200B";
            stub.handler(
                req -> {
                  SentSources.Source s =
                      req.sources().all().stream()
                          .filter(x -> x.text().contains(wd.marker()))
                          .findFirst()
                          .orElseThrow(
                              () -> new IllegalStateException("no source with " + wd.marker()));
                  String quote = form.apply(HostileReplies.body(s.text()));
                  return reply(stub, s.id(), quote, claimPrefix + quote, distinct);
                });
            tried++;
            check(
                others.ask(wd.question()),
                "script: " + wd.script(),
                wd.question(),
                problems,
                byForm);
          }
        }
      }

      String name = adapter == Adapter.GEMINI ? "Gemini" : "Ollama";
      StringBuilder d = new StringBuilder();
      d.append(tried)
          .append(" correct replies (")
          .append(distinct.size())
          .append(" distinct) through the ")
          .append(name)
          .append(
              " adapter, maxRetries 0.\n\n| form | replies | served, quote = source text |\n|---|---|---|\n");
      byForm.forEach(
          (k, n) ->
              d.append("| ")
                  .append(k)
                  .append(" | ")
                  .append(n[0])
                  .append(" | ")
                  .append(n[1])
                  .append(" |\n"));
      int served = byForm.values().stream().mapToInt(n -> n[1]).sum();
      Figures.record(
          "12-correct-" + name.toLowerCase(Locale.ROOT),
          "Correct replies in other forms and scripts — " + name + " adapter",
          List.of(
              new Figures.Row(
                  "Correct replies with typographic, Unicode-form and CJK/Thai variants, "
                      + name
                      + " adapter",
                  tried + " replies (" + distinct.size() + " distinct)",
                  (tried - served) + " rejected",
                  served + "/" + tried + " served with the source's own text as the quote")),
          d.toString());

      assertThat(problems).as("correct replies not served as expected").isEmpty();
      assertThat(tried).isGreaterThanOrEqualTo(300);
      assertThat(distinct).hasSizeGreaterThanOrEqualTo(300);
    }
  }

  /** The {@code w}-th window of 7 lettered words over the sent sources, in order. */
  static String[] windowOf(SentSources sent, int w) {
    int seen = 0;
    for (SentSources.Source s : sent.all()) {
      for (int skip = 0; ; skip++) {
        String q;
        try {
          q = HostileReplies.window(s.text(), 7, skip);
        } catch (IllegalStateException e) {
          break;
        }
        if (seen++ == w * 3) {
          return new String[] {s.id(), q};
        }
      }
    }
    throw new IllegalStateException(
        "generator: fewer than " + (w * 3 + 1) + " windows in " + sent.describe());
  }

  private static void check(
      RagResult r, String form, String q, List<String> problems, Map<String, int[]> byForm) {
    int[] n = byForm.computeIfAbsent(form, k -> new int[2]);
    n[0]++;
    if (!(r instanceof RagResult.Answered a)) {
      problems.add(
          form
              + " / "
              + q
              + ": "
              + r.status()
              + " "
              + (r instanceof RagResult.Rejected j ? j.detail() + " " + j.issues() : ""));
      return;
    }
    for (ResolvedCitation c : a.citations()) {
      if (!c.chunk().text().contains(c.quote())) {
        problems.add(form + " / " + q + ": served quote is not the source's text: " + c.quote());
        return;
      }
    }
    if (a.answer().codePoints().anyMatch(cp -> Character.getType(cp) == Character.FORMAT)) {
      problems.add(form + " / " + q + ": served answer keeps an invisible character");
      return;
    }
    n[1]++;
  }

  private static MockResponse reply(
      ProviderStub stub, String id, String quote, Set<String> distinct) {
    return reply(stub, id, quote, quote, distinct);
  }

  private static MockResponse reply(
      ProviderStub stub, String id, String quote, String claimText, Set<String> distinct) {
    String text = answered(claimText, claim(claimText, cite(id, quote))).toString();
    if (quote.startsWith("\uFEFF")) {
      text = "\uFEFF" + text; // a byte order mark before the whole reply too
    }
    synchronized (distinct) {
      distinct.add(text);
    }
    return HostileModelOutputTest.render(stub, new Hostile(text, Envelope.STOP), null);
  }

  private static String softHyphen(String s) {
    String longest = "";
    for (String w : s.split("[\\s\u00A0\u202F]+")) {
      if (w.chars().allMatch(Character::isLetter) && w.length() > longest.length()) {
        longest = w;
      }
    }
    if (longest.length() < 4) {
      return s;
    }
    String hyphenated =
        longest.substring(0, longest.length() / 2)
            + "\u00AD"
            + longest.substring(longest.length() / 2);
    return s.replaceFirst(java.util.regex.Pattern.quote(longest), hyphenated);
  }

  private static String typographic(String s) {
    StringBuilder b = new StringBuilder(s.length());
    boolean open = true;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '\'') {
        b.append('\u2019');
      } else if (c == '"') {
        b.append(open ? '\u201C' : '\u201D');
        open = !open;
      } else {
        b.append(c);
      }
    }
    return b.toString();
  }

  private static String fullWidthFirstWord(String s) {
    StringBuilder b = new StringBuilder(s.length());
    boolean first = true;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == ' ') {
        first = false;
      }
      b.append(first && c > 0x20 && c < 0x7F ? (char) (c - 0x20 + 0xFF00) : c);
    }
    return b.toString();
  }

  /**
   * The sentence of {@code text} that starts with {@code start}, through {@code end} (or the text's
   * end).
   */
  static String sentence(String text, String start, String end) {
    int at = text.indexOf(start);
    if (at < 0) {
      throw new IllegalStateException("no \"" + start + "\" in " + text);
    }
    int stop = end == null ? -1 : text.indexOf(end, at + start.length());
    return stop < 0
        ? text.substring(at)
        : text.substring(at, end.equals(" ") ? stop : stop + end.length());
  }

  /** {@code n} characters from the middle of a sentence written without spaces. */
  static String middle(String s, int n) {
    int from = Math.max(0, (s.length() - n) / 2);
    return s.substring(from, Math.min(s.length(), from + n));
  }

  /** Katakana in their half-width compatibility forms (NFKC maps them back). */
  static String halfWidthKana(String s) {
    String full = "ロールバック";
    String half = "\uFF9B\uFF70\uFF99\uFF8A\uFF9E\uFF6F\uFF78";
    return s.replace(full, half);
  }
}

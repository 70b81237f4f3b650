package dev.citerag.examples.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.citerag.examples.cli.CiteragCli;
import dev.citerag.examples.internal.Engine;
import dev.citerag.examples.internal.EngineOptions;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Drives the demo page in headless Chromium (Debian's {@code chromium} and {@code chromium-driver},
 * installed by {@code scripts/setup-browser.sh}). Both binaries are given to Selenium explicitly,
 * so Selenium Manager never downloads anything. Screenshots go to {@code target/screenshots/}.
 */
class WebPageBrowserTest {
  static final Path CHROMIUM = Path.of("/usr/bin/chromium");
  static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
  static final Path SCREENSHOTS = Path.of("target", "screenshots");
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path profile;
  private Engine engine;
  private DemoServer server;
  private ChromeDriverService service;
  private WebDriver driver;

  @BeforeEach
  void start() throws IOException {
    if (!Files.isExecutable(CHROMIUM) || !Files.isExecutable(CHROMEDRIVER)) {
      fail(
          "headless Chromium is missing ("
              + CHROMIUM
              + ", "
              + CHROMEDRIVER
              + "): run scripts/setup-browser.sh, which installs Debian's chromium and chromium-driver");
    }
    EngineOptions o = CiteragCli.engineOptions("serve", "--model", "extractive");
    engine =
        Engine.open(
            o,
            Map.of(),
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
            Engine.Mode.ANSWER);
    server = DemoServer.start("127.0.0.1", 0, engine.pipeline(), engine.ingestor(), engine.store());
    service =
        new ChromeDriverService.Builder()
            .usingDriverExecutable(CHROMEDRIVER.toFile())
            .usingAnyFreePort()
            .build();
    ChromeOptions options = new ChromeOptions();
    options.setBinary(CHROMIUM.toFile());
    options.addArguments(
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
        "--window-size=1280,1000",
        "--user-data-dir=" + profile.toAbsolutePath());
    driver = new ChromeDriver(service, options);
    Files.createDirectories(SCREENSHOTS);
  }

  @AfterEach
  void stop() {
    if (driver != null) {
      driver.quit();
    }
    if (service != null) {
      service.stop();
    }
    if (server != null) {
      server.close();
    }
    if (engine != null) {
      engine.close();
    }
  }

  private WebDriverWait waiting() {
    return new WebDriverWait(driver, Duration.ofSeconds(20));
  }

  private void ask(String question) {
    WebElement box = driver.findElement(By.id("question"));
    box.clear();
    box.sendKeys(question);
    String before = driver.findElement(By.id("result")).getAttribute("data-question");
    driver.findElement(By.id("ask")).click();
    waiting()
        .until(
            d -> {
              WebElement result = d.findElement(By.id("result"));
              String asked = result.getAttribute("data-question");
              return result.isDisplayed() && question.equals(asked) && !question.equals(before);
            });
  }

  private void screenshot(String name) throws IOException {
    byte[] png = ((TakesScreenshot) driver).getScreenshotAs(OutputType.BYTES);
    Files.write(SCREENSHOTS.resolve(name), png);
  }

  @Test
  void shows_a_cited_answer_with_quotes_on_hover_and_the_evidence_then_an_abstention()
      throws IOException {
    driver.get(server.uri().toString());
    assertThat(driver.getTitle()).startsWith("citerag");

    ask("When are production deploys allowed?");
    WebElement result = driver.findElement(By.id("result"));
    assertThat(result.getAttribute("data-status")).isEqualTo("answered");
    assertThat(driver.findElement(By.id("outcome")).getAttribute("class")).contains("answered");
    assertThat(driver.findElement(By.id("outcome-label")).getDomProperty("textContent"))
        .isEqualTo("Answer (quotes checked \u00b7 support checked by rules)");
    WebElement answer = driver.findElement(By.id("answer"));
    assertThat(answer.getText())
        .contains("Production deploys are allowed Monday to Thursday between 09:00 and 16:00 UTC.");

    List<WebElement> markers = answer.findElements(By.cssSelector(".marker"));
    assertThat(markers).isNotEmpty();
    List<WebElement> references = driver.findElements(By.cssSelector("#references > li"));
    assertThat(references).hasSizeGreaterThanOrEqualTo(1);
    for (WebElement m : markers) {
      assertThat(m.getAttribute("data-n")).matches("[1-9][0-9]*");
      assertThat(Integer.parseInt(m.getAttribute("data-n"))).isLessThanOrEqualTo(references.size());
    }

    // the quote appears on hover, and it is the quote of reference [n]
    WebElement first = markers.get(0);
    WebElement tooltip = first.findElement(By.cssSelector(".tooltip"));
    assertThat(tooltip.isDisplayed()).isFalse();
    new Actions(driver).moveToElement(first).perform();
    waiting().until(d -> tooltip.isDisplayed());
    String n = first.getAttribute("data-n");
    String quote =
        driver
            .findElement(By.cssSelector("#references > li[data-n='" + n + "'] blockquote"))
            .getText();
    assertThat(quote)
        .isEqualTo(
            "Production deploys are allowed Monday to Thursday between 09:00 and 16:00 UTC.");
    assertThat(tooltip.findElement(By.cssSelector(".quote")).getText())
        .isEqualTo("\u201c" + quote + "\u201d");
    assertThat(tooltip.findElement(By.cssSelector(".where")).getText())
        .isEqualTo(
            "golden/corpus/deploys.md \u00a7 Deploying services with deployctl > Deploy windows");

    // the evidence panel lists every retrieved chunk with its scores and sent flag
    WebElement evidence = driver.findElement(By.id("evidence"));
    assertThat(evidence.getAttribute("open")).isNull();
    driver.findElement(By.id("evidence-summary")).click();
    waiting().until(d -> evidence.getAttribute("open") != null);
    List<WebElement> rows = driver.findElements(By.cssSelector("#evidence-rows > tr"));
    JsonNode expected =
        JSON.readTree(
                Http.postJson(
                        server.uri().resolve("/ask"),
                        "{\"question\": \"When are production deploys allowed?\"}")
                    .body())
            .get("retrieved");
    assertThat(rows).hasSize(expected.size());
    // below the table: what produced the result
    assertThat(
            driver.findElement(By.cssSelector("#produced-by dd[data-field='trace id']")).getText())
        .matches("[0-9a-f]{32}");
    assertThat(
            driver
                .findElement(By.cssSelector("#produced-by dd[data-field='validator rules']"))
                .getText())
        .startsWith("citerag-rules/2");
    assertThat(driver.findElement(By.cssSelector("#produced-by dd[data-field='prompt']")).getText())
        .isEqualTo("extractive/1");
    int sent = 0;
    boolean quotedRowSent = false;
    for (int i = 0; i < rows.size(); i++) {
      WebElement row = rows.get(i);
      boolean isSent = Boolean.parseBoolean(row.getAttribute("data-sent"));
      assertThat(isSent).isEqualTo(expected.get(i).get("sent").asBoolean());
      assertThat(row.findElement(By.cssSelector(".flag")).getText())
          .isEqualTo(isSent ? "sent" : "not sent");
      assertThat(row.findElement(By.cssSelector(".fused")).getText()).matches("0\\.\\d{4}");
      assertThat(row.findElement(By.cssSelector(".dense")).getText()).matches("-?\\d\\.\\d{3}");
      if (isSent) {
        sent++;
        quotedRowSent |=
            row.findElement(By.cssSelector(".text")).getAttribute("title").contains(quote);
      }
    }
    assertThat(sent).isPositive();
    assertThat(quotedRowSent).as("the quoted chunk is among the chunks sent").isTrue();
    assertThat(driver.findElement(By.id("evidence-summary")).getText())
        .isEqualTo(
            "Evidence: " + rows.size() + " chunks retrieved, " + sent + " sent to the model");
    new Actions(driver).moveToElement(first).perform();
    waiting().until(d -> tooltip.isDisplayed());
    screenshot("answered.png");

    // an unanswerable question is shown as an abstention, not as an answer
    ask("What is on the cafeteria menu on Fridays?");
    assertThat(result.getAttribute("data-status")).isEqualTo("not_in_sources");
    assertThat(driver.findElement(By.id("outcome")).getAttribute("class"))
        .contains("not_in_sources")
        .doesNotContain("answered");
    assertThat(driver.findElement(By.id("outcome-label")).getDomProperty("textContent"))
        .isEqualTo("Not in the documents");
    assertThat(driver.findElement(By.id("answer")).getText()).isEmpty();
    assertThat(driver.findElements(By.cssSelector("#answer .marker"))).isEmpty();
    assertThat(driver.findElement(By.id("references-section")).isDisplayed()).isFalse();
    assertThat(driver.findElement(By.id("reason")).getText()).isNotBlank().contains("(");
    screenshot("abstained.png");
  }

  @Test
  void document_text_is_shown_as_text_never_as_markup() throws IOException {
    String payload =
        "<img src=x onerror=\\\"document.title='pwned'\\\"> The widget cache is flushed every Sunday night.";
    Http.postJson(
        server.uri().resolve("/ingest"),
        "{\"documents\": [{\"id\": \"xss.md\", \"format\": \"text\","
            + " \"content\": \""
            + payload
            + "\"}]}");
    driver.get(server.uri().toString());
    ask("When is the widget cache flushed?");
    assertThat(driver.getTitle()).doesNotContain("pwned");
    assertThat(driver.findElements(By.cssSelector("#result img"))).isEmpty();
    driver.findElement(By.id("evidence-summary")).click();
    WebElement row =
        driver.findElements(By.cssSelector("#evidence-rows > tr")).stream()
            .filter(r -> r.getText().contains("widget cache"))
            .findFirst()
            .orElseThrow();
    assertThat(row.findElement(By.cssSelector(".text")).getText()).contains("<img src=x onerror=");
  }

  @Test
  void an_uploaded_pdf_is_answered_from_with_its_page_shown(@TempDir Path files)
      throws IOException {
    Path pdf = files.resolve("handbook.pdf");
    dev.citerag.examples.PdfDocsCliTest.pdf(
        pdf,
        List.of(
            List.of("Welcome to the storage handbook."),
            List.of("Cold archives are retained for seven years in the vault bucket.")));
    Path bad = files.resolve("notes.pdf");
    Files.writeString(bad, "not a pdf");
    driver.get(server.uri().toString());

    driver
        .findElement(By.id("upload-files"))
        .sendKeys(pdf.toAbsolutePath() + "\n" + bad.toAbsolutePath());
    driver.findElement(By.id("upload")).click();
    waiting()
        .until(d -> d.findElement(By.id("upload-result")).getAttribute("data-written") != null);
    String status = driver.findElement(By.id("upload-result")).getText();
    assertThat(status)
        .contains("Added 1 document(s)")
        .contains("skipped notes.pdf")
        .contains("not a readable PDF");

    ask("How long are cold archives retained?");
    assertThat(driver.findElement(By.id("result")).getAttribute("data-status"))
        .isEqualTo("answered");
    WebElement marker = driver.findElement(By.cssSelector("#answer .marker"));
    new Actions(driver).moveToElement(marker).perform();
    WebElement tooltip = marker.findElement(By.cssSelector(".tooltip"));
    waiting().until(d -> tooltip.isDisplayed());
    assertThat(tooltip.findElement(By.cssSelector(".where")).getText())
        .isEqualTo("handbook.pdf \u00a7 handbook, p. 2");
    screenshot("uploaded-pdf.png");
  }

  @Test
  void an_error_clears_the_previous_answer() throws IOException {
    driver.get(server.uri().toString());
    ask("During which hours are production deploys allowed?");
    assertThat(driver.findElement(By.id("answer")).getText()).isNotBlank();
    WebElement filter = driver.findElement(By.id("filter"));
    filter.sendKeys("no equals sign");
    driver.findElement(By.id("ask")).click();
    waiting().until(d -> !d.findElement(By.id("result")).isDisplayed());
    screenshot("error-clears-answer.png");
    assertThat(driver.findElement(By.id("status")).getText()).contains("key=value");
    assertThat(driver.findElement(By.id("answer")).getDomProperty("textContent")).isEmpty();
  }

  @Test
  void sample_buttons_ask_and_retrieval_only_shows_beside_the_verified_answer() throws IOException {
    driver.get(server.uri().toString());
    assertThat(driver.findElement(By.id("upload-note")).getText()).contains("in memory only");
    List<WebElement> samples = driver.findElements(By.cssSelector("#samples .sample"));
    assertThat(samples).hasSizeGreaterThanOrEqualTo(3);
    WebElement first = samples.get(0);
    String question = first.getAttribute("data-question");
    first.click();
    waiting()
        .until(d -> question.equals(d.findElement(By.id("result")).getAttribute("data-question")));
    assertThat(driver.findElement(By.id("result")).getAttribute("data-status"))
        .isEqualTo("answered");
    assertThat(driver.findElement(By.id("retrieval-only")).isDisplayed()).isFalse();

    driver.findElement(By.id("compare")).click();
    WebElement side = driver.findElement(By.id("retrieval-only"));
    assertThat(side.isDisplayed()).isTrue();
    assertThat(driver.findElements(By.cssSelector("#retrieval-only-list > li"))).isNotEmpty();
    // side by side: the unverified passages on the left, the verified answer on the right
    WebElement outcome = driver.findElement(By.id("outcome"));
    assertThat(side.getRect().getX()).isLessThan(outcome.getRect().getX());
    assertThat(Math.abs(side.getRect().getY() - outcome.getRect().getY()))
        .as("both in the same row")
        .isLessThan(side.getRect().getHeight());
    screenshot("retrieval-only-vs-verified.png");

    WebElement outOfCorpus = driver.findElement(By.cssSelector("#samples .out-of-corpus"));
    String other = outOfCorpus.getAttribute("data-question");
    outOfCorpus.click();
    waiting()
        .until(d -> other.equals(d.findElement(By.id("result")).getAttribute("data-question")));
    assertThat(driver.findElement(By.id("result")).getAttribute("data-status"))
        .isEqualTo("not_in_sources");
    assertThat(driver.findElement(By.id("retrieval-only")).isDisplayed())
        .as("the comparison stays on for the next question")
        .isTrue();
  }
}

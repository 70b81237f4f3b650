package dev.citerag.examples.boot;

import dev.citerag.ingest.Document;
import dev.citerag.ingest.Ingestor;
import java.util.List;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

/**
 * The application. Everything citerag is auto-configured from {@code application.properties}; this
 * class only loads a small corpus at start-up.
 *
 * <pre>
 * ./mvnw -pl examples-boot -am spring-boot:run   (or run main)
 * curl -s localhost:8080/ask -H 'Content-Type: application/json' \
 *      -d '{"question": "How long does a rollback take?"}'
 * </pre>
 */
@SpringBootApplication
public class BootExample {

  /** The sample corpus ingested at start-up. */
  static final List<Document> CORPUS =
      List.of(
          Document.markdown(
              "deploys.md",
              "# Deploys\n\n"
                  + "Production deploys are allowed Monday to Thursday between 09:00 and 16:00"
                  + " UTC.\n\nA rollback finishes within 5 minutes for most services.\n"),
          Document.markdown(
              "oncall.md",
              "# On-call\n\nThe on-call rotation changes every Monday at 10:00 UTC.\n"));

  /**
   * Starts the application.
   *
   * @param args Spring Boot's arguments
   */
  public static void main(String[] args) {
    SpringApplication.run(BootExample.class, args);
  }

  @Bean
  ApplicationRunner ingestSampleCorpus(Ingestor ingestor) {
    return args -> ingestor.ingest(CORPUS);
  }
}

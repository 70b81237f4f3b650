/**
 * Spring Boot auto-configuration for citerag: a {@link dev.citerag.pipeline.RagPipeline} from
 * {@code citerag.*} properties, an Actuator health indicator and Micrometer metrics. See {@link
 * dev.citerag.spring.boot.CiteragAutoConfiguration}.
 */
// Spring's and Micrometer's jars have no module-info, only an Automatic-Module-Name
@SuppressWarnings({"requires-automatic", "requires-transitive-automatic"})
module dev.citerag.spring.boot {
  requires transitive dev.citerag.core;
  requires dev.citerag.extractive;
  requires transitive spring.boot;
  requires transitive spring.boot.autoconfigure;
  requires transitive spring.context;
  requires transitive spring.beans;
  requires spring.core;
  requires static dev.citerag.micrometer;
  requires static dev.citerag.pgvector;
  requires static dev.citerag.openai;
  requires static dev.citerag.gemini;
  requires static dev.citerag.ollama;
  requires static dev.citerag.anthropic;
  requires static dev.citerag.verify;
  requires static spring.boot.actuator;
  requires static spring.boot.health;
  requires static micrometer.core;
  requires static micrometer.observation;
  requires static java.sql;
  requires static transitive org.jspecify;

  exports dev.citerag.spring.boot;

  // Spring reads and instantiates the configuration classes and binds the properties reflectively
  opens dev.citerag.spring.boot to
      spring.core,
      spring.beans,
      spring.context,
      spring.boot;
}

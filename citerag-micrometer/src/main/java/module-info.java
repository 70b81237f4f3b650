/**
 * Micrometer for citerag: an {@link io.micrometer.observation.Observation} per request with a child
 * per stage (spans, when Micrometer Tracing is set up) and low-cardinality meters, both from the
 * pipeline's listener events. See {@link dev.citerag.micrometer.MicrometerRagListener}.
 */
// Micrometer's jars have no module-info, only an Automatic-Module-Name
@SuppressWarnings({"requires-automatic", "requires-transitive-automatic"})
module dev.citerag.micrometer {
  requires transitive dev.citerag.core;
  requires transitive micrometer.core;
  requires transitive micrometer.observation;
  requires org.slf4j;
  requires static transitive org.jspecify;

  exports dev.citerag.micrometer;
}

package dev.citerag.ollama.internal;

import com.fasterxml.jackson.databind.JsonNode;
import dev.citerag.IdentityMismatchException;
import dev.citerag.PermanentProviderException;
import dev.citerag.ProviderException;
import dev.citerag.embed.DocumentText;
import dev.citerag.embed.EmbedderIdentity;
import dev.citerag.embed.internal.Vectors;
import dev.citerag.internal.Checks;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Embeds through {@code POST /api/embed} in batches and reads the model's identity from {@code GET
 * /api/tags} (digest) and, when needed, {@code POST /api/show} (dimensions). Thread-safe.
 */
public final class OllamaEmbedClient {
  private static final Logger log = LoggerFactory.getLogger(OllamaEmbedClient.class);
  private static final String EMBED = "api/embed";
  private static final String TAGS = "api/tags";
  private static final String SHOW = "api/show";
  private static final String PROBE_TEXT = "dimension probe";

  /**
   * Embedding-only settings.
   *
   * @param batchSize texts per request, &gt; 0
   * @param dimensions requested vector length, when set
   * @param queryPrefix prepended to queries (may be empty)
   * @param documentPrefix prepended to documents (may be empty)
   */
  public record EmbedOptions(
      int batchSize, @Nullable Integer dimensions, String queryPrefix, String documentPrefix) {
    public EmbedOptions {
      Checks.positive(batchSize, "batchSize");
      if (dimensions != null) {
        Checks.positive(dimensions, "dimensions");
      }
      Checks.notNull(queryPrefix, "queryPrefix");
      Checks.notNull(documentPrefix, "documentPrefix");
    }
  }

  private final OllamaTransport transport;
  private final EmbedOptions options;
  private final String identityModel;

  /** Vector length seen so far (0 = none yet); a later change means the model was replaced. */
  private final AtomicInteger observedDimensions = new AtomicInteger();

  private final Object identityLock = new Object();
  private volatile @Nullable EmbedderIdentity identity;

  public OllamaEmbedClient(OllamaTransport transport, EmbedOptions options) {
    this.transport = transport;
    this.options = options;
    this.identityModel = withDefaultTag(transport.config().model());
  }

  /**
   * The model name with {@code :latest} added when it has no tag, as Ollama lists it; {@code
   * registry:5000/ns/model} has no tag, {@code ns/model:7b} has one.
   */
  public static String withDefaultTag(String model) {
    String lastSegment = model.substring(model.lastIndexOf('/') + 1);
    return lastSegment.contains(":") ? model : model + ":latest";
  }

  public List<float[]> embedDocuments(List<DocumentText> documents) {
    Checks.noNullElements(documents, "documents");
    List<String> inputs = new ArrayList<>(documents.size());
    for (int i = 0; i < documents.size(); i++) {
      String text = documents.get(i).text();
      if (text.isBlank()) {
        throw new IllegalArgumentException("documents[" + i + "].text must not be blank");
      }
      inputs.add(options.documentPrefix() + text);
    }
    List<float[]> out = new ArrayList<>(inputs.size());
    int batch = options.batchSize();
    for (int from = 0; from < inputs.size(); from += batch) {
      List<String> slice = inputs.subList(from, Math.min(inputs.size(), from + batch));
      out.addAll(embedBatch(slice));
      log.debug(
          "citerag.ollama: embedded {}/{} documents with {}",
          from + slice.size(),
          inputs.size(),
          identityModel);
    }
    return out;
  }

  public float[] embedQuery(String query) {
    Checks.notBlank(query, "query");
    return embedBatch(List.of(options.queryPrefix() + query)).get(0);
  }

  /** The identity, read from the server on first use and cached. */
  public EmbedderIdentity identity() {
    EmbedderIdentity id = identity;
    if (id != null) {
      return id;
    }
    synchronized (identityLock) {
      if (identity == null) {
        identity = readIdentity();
      }
      return identity;
    }
  }

  /** Reads the identity again (a re-pulled model has a new digest) and caches the new one. */
  public EmbedderIdentity refreshIdentity() {
    synchronized (identityLock) {
      observedDimensions.set(0);
      identity = readIdentity();
      return identity;
    }
  }

  private List<float[]> embedBatch(List<String> inputs) {
    TransportConfig config = transport.config();
    EmbedWire.Request body =
        new EmbedWire.Request(
            config.model(), List.copyOf(inputs), options.dimensions(), config.keepAlive());
    return transport.post(EMBED, body, true, null, reply -> parseEmbeddings(reply, inputs.size()));
  }

  private List<float[]> parseEmbeddings(String body, int expected) {
    OllamaErrors errors = transport.errors();
    EmbedWire.Reply reply;
    try {
      reply = OllamaTransport.MAPPER.readValue(body, EmbedWire.Reply.class);
    } catch (IOException e) {
      throw errors.protocol(EMBED, "not Ollama embed JSON (" + e.getMessage() + ")", e);
    }
    if (reply == null) {
      throw errors.protocol(EMBED, "empty body", null);
    }
    if (reply.error() != null && !reply.error().isNull()) {
      throw errors.inBody(EMBED, OllamaErrors.errorText(reply.error()));
    }
    float[][] vectors = reply.embeddings();
    if (vectors == null) {
      throw errors.protocol(EMBED, "no \"embeddings\" field", null);
    }
    if (vectors.length != expected) {
      throw errors.protocol(
          EMBED, vectors.length + " embeddings for " + expected + " inputs", null);
    }
    List<float[]> out = new ArrayList<>(expected);
    for (int i = 0; i < vectors.length; i++) {
      float[] v = vectors[i];
      if (v == null || v.length == 0) {
        throw errors.protocol(EMBED, "embedding " + i + " is empty", null);
      }
      for (int j = 0; j < v.length; j++) {
        if (!Float.isFinite(v[j])) {
          throw errors.protocol(
              EMBED, "embedding " + i + " has a non-finite component at " + j, null);
        }
      }
      checkDimensions(v.length);
      if (Vectors.norm(v) == 0) {
        throw errors.protocol(EMBED, "embedding " + i + " is the zero vector", null);
      }
      out.add(Vectors.normalize(v));
    }
    return out;
  }

  private void checkDimensions(int length) {
    Integer requested = options.dimensions();
    if (requested != null) {
      if (length != requested) {
        throw transport
            .errors()
            .protocol(
                EMBED,
                length
                    + "-dimensional vectors although dimensions="
                    + requested
                    + " was requested; does this Ollama version support \"dimensions\"?",
                null);
      }
      return;
    }
    if (observedDimensions.compareAndSet(0, length)) {
      return;
    }
    int seen = observedDimensions.get();
    if (seen != length) {
      throw new IdentityMismatchException(
          "ollama: "
              + identityModel
              + " now returns "
              + length
              + "-dimensional vectors where it returned "
              + seen
              + " before: the model was replaced on"
              + " the server; call refreshIdentity() and re-embed into a new collection");
    }
  }

  private EmbedderIdentity readIdentity() {
    TransportConfig config = transport.config();
    List<EmbedWire.TagModel> models =
        transport.get(
            TAGS,
            body -> {
              try {
                EmbedWire.Tags t = OllamaTransport.MAPPER.readValue(body, EmbedWire.Tags.class);
                List<EmbedWire.TagModel> listed = t == null ? null : t.models();
                if (listed == null) {
                  throw transport.errors().protocol(TAGS, "no \"models\" field", null);
                }
                return listed;
              } catch (IOException e) {
                throw transport
                    .errors()
                    .protocol(TAGS, "not Ollama tags JSON (" + e.getMessage() + ")", e);
              }
            });
    EmbedWire.TagModel entry = null;
    for (EmbedWire.TagModel m : models) {
      if (m != null && (sameModel(m.name()) || sameModel(m.model()))) {
        entry = m;
        break;
      }
    }
    if (entry == null) {
      throw new PermanentProviderException(
          OllamaErrors.PROVIDER,
          ProviderException.Kind.NOT_FOUND,
          0,
          null,
          "model \""
              + config.model()
              + "\" is not among the "
              + models.size()
              + " models on the Ollama server at "
              + config.displayUrl()
              + "; download it with `ollama pull "
              + config.model()
              + "`",
          null);
    }
    String digest =
        entry.digest() == null || entry.digest().isBlank()
            ? null
            : entry.digest().strip().toLowerCase(Locale.ROOT);
    int dims = dimensions(entry);
    EmbedderIdentity id =
        new EmbedderIdentity(
            OllamaErrors.PROVIDER,
            identityModel,
            digest,
            dims,
            options.queryPrefix().isEmpty() ? null : options.queryPrefix());
    log.debug(
        "citerag.ollama: embedder identity {} digest={} dimensions={}",
        identityModel,
        digest,
        dims);
    return id;
  }

  /** Configured, else seen, else listed by /api/tags, else /api/show, else a probe embedding. */
  private int dimensions(EmbedWire.TagModel entry) {
    if (options.dimensions() != null) {
      return options.dimensions();
    }
    int seen = observedDimensions.get();
    if (seen > 0) {
      return seen;
    }
    int found = 0;
    if (entry.details() != null && entry.details().embeddingLength() != null) {
      found = entry.details().embeddingLength();
    }
    if (found <= 0) {
      found = showEmbeddingLength();
    }
    if (found > 0) {
      observedDimensions.compareAndSet(0, found);
      return observedDimensions.get();
    }
    return embedBatch(List.of(PROBE_TEXT)).get(0).length;
  }

  private int showEmbeddingLength() {
    EmbedWire.ShowReply show =
        transport.post(
            SHOW,
            new EmbedWire.ShowRequest(transport.config().model()),
            false,
            null,
            body -> {
              try {
                return OllamaTransport.MAPPER.readValue(body, EmbedWire.ShowReply.class);
              } catch (IOException e) {
                throw transport
                    .errors()
                    .protocol(SHOW, "not Ollama show JSON (" + e.getMessage() + ")", e);
              }
            });
    Map<String, JsonNode> info = show == null ? null : show.modelInfo();
    if (info == null) {
      return 0;
    }
    JsonNode arch = info.get("general.architecture");
    if (arch == null || !arch.isTextual()) {
      return 0;
    }
    JsonNode length = info.get(arch.asText() + ".embedding_length");
    return length != null && length.canConvertToInt() && length.asInt() > 0 ? length.asInt() : 0;
  }

  private boolean sameModel(@Nullable String listed) {
    return listed != null && withDefaultTag(listed).equalsIgnoreCase(identityModel);
  }
}

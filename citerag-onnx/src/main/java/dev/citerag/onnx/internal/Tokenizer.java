package dev.citerag.onnx.internal;

import ai.djl.huggingface.tokenizers.Encoding;
import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;

/**
 * The HuggingFace tokenizer (Rust, through DJL's JNI binding) configured to count honestly: special
 * tokens added, <b>no truncation and no padding</b> whatever {@code tokenizer.json} asks for
 * (all-MiniLM-L6-v2's file truncates and pads to 128), so a too-long text is seen as too long.
 *
 * <p>DJL's binding extracts its native library from its own jar (linux x86-64 and aarch64, macOS
 * aarch64, Windows x86-64) into {@code ~/.djl.ai/tokenizers} (or {@code ENGINE_CACHE_DIR} / {@code
 * DJL_CACHE_DIR} when set) and loads it from there; it downloads nothing. Before it is first used
 * the system property {@code OPT_OUT_TRACKING} is set to {@code true}: otherwise DJL's telemetry
 * ({@code Ec2Utils.callHome}) probes the EC2 metadata address on every new tokenizer, once a day.
 *
 * <p>Thread-safe: the Rust tokenizer is immutable once built.
 */
public final class Tokenizer implements AutoCloseable {

  static {
    if (System.getenv("OPT_OUT_TRACKING") == null) {
      System.setProperty("OPT_OUT_TRACKING", "true");
    }
  }

  private final HuggingFaceTokenizer delegate;

  private Tokenizer(HuggingFaceTokenizer delegate) {
    this.delegate = delegate;
  }

  /** Builds the tokenizer from the bytes of a {@code tokenizer.json}. */
  public static Tokenizer fromJson(byte[] tokenizerJson) {
    try {
      return new Tokenizer(
          HuggingFaceTokenizer.newInstance(
              new ByteArrayInputStream(tokenizerJson),
              Map.of("addSpecialTokens", "true", "truncation", "false", "padding", "false")));
    } catch (IOException e) {
      throw new UncheckedIOException("reading tokenizer.json failed: " + e.getMessage(), e);
    }
  }

  /** Token ids, type ids, special tokens included, for each text. */
  public Encoded[] encode(String[] texts) {
    Encoding[] es = delegate.batchEncode(texts, true, false);
    Encoded[] out = new Encoded[es.length];
    for (int i = 0; i < es.length; i++) {
      out[i] = new Encoded(es[i].getIds(), es[i].getTypeIds());
    }
    return out;
  }

  /** Token ids and type ids of one text, special tokens included. */
  public Encoded encode(String text) {
    Encoding e = delegate.encode(text, true, false);
    return new Encoded(e.getIds(), e.getTypeIds());
  }

  @Override
  public void close() {
    delegate.close();
  }

  /** One tokenized text. */
  // internal: built once per text and read once by the embedder, never compared or kept
  @SuppressWarnings("ArrayRecordComponent")
  public record Encoded(long[] ids, long[] typeIds) {
    public int length() {
      return ids.length;
    }
  }
}

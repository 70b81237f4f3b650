package dev.citerag.testkit.junit.internal;

import dev.citerag.chat.ChatResponse;
import dev.citerag.testkit.fakes.DeterministicEmbedder;
import dev.citerag.testkit.fakes.RecordedChat;
import dev.citerag.testkit.fakes.ScriptedChatModel;
import dev.citerag.testkit.wire.FakeGeminiServer;
import dev.citerag.testkit.wire.FakeOllamaServer;
import dev.citerag.testkit.wire.FakeOpenAiServer;
import dev.citerag.testkit.wire.WireCall;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.extension.AfterTestExecutionCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Resolves the fakes of {@link dev.citerag.testkit.junit.CiteragFakes}. State lives in the
 * extension's namespace of the test's {@link ExtensionContext.Store}, so JUnit closes servers when
 * the test's context closes. Use the annotation rather than this class.
 */
public final class CiteragFakesExtension implements ParameterResolver, AfterTestExecutionCallback {

  static final ExtensionContext.Namespace NAMESPACE =
      ExtensionContext.Namespace.create(CiteragFakesExtension.class);

  private static final Map<Class<?>, Supplier<Object>> FACTORIES =
      Map.of(
          ScriptedChatModel.class, ScriptedChatModel::new,
          DeterministicEmbedder.class, DeterministicEmbedder::create,
          FakeGeminiServer.class, FakeGeminiServer::new,
          FakeOllamaServer.class, FakeOllamaServer::new,
          FakeOpenAiServer.class, FakeOpenAiServer::new);

  @Override
  public boolean supportsParameter(
      ParameterContext parameterContext, ExtensionContext extensionContext) {
    return FACTORIES.containsKey(parameterContext.getParameter().getType());
  }

  @Override
  public Object resolveParameter(
      ParameterContext parameterContext, ExtensionContext extensionContext) {
    Class<?> type = parameterContext.getParameter().getType();
    Supplier<Object> factory = FACTORIES.get(type);
    if (factory == null) {
      throw new ParameterResolutionException(
          "@CiteragFakes cannot supply a parameter of type " + type.getName());
    }
    ExtensionContext.Store store = extensionContext.getStore(NAMESPACE);
    Holder holder = store.getOrComputeIfAbsent(type, t -> new Holder(factory.get()), Holder.class);
    return holder.value;
  }

  @Override
  public void afterTestExecution(ExtensionContext context) {
    if (context.getExecutionException().isEmpty()) {
      return;
    }
    ExtensionContext.Store store = context.getStore(NAMESPACE);
    for (Class<?> type : FACTORIES.keySet()) {
      Holder h = store.get(type, Holder.class);
      if (h == null) {
        continue;
      }
      String report = describe(h.value);
      if (report != null) {
        context.publishReportEntry("citerag." + type.getSimpleName(), report);
      }
    }
  }

  private static String reply(RecordedChat c) {
    ChatResponse r = c.response();
    return r != null ? ", replied " + abbreviate(r.text()) : ", threw " + c.failure();
  }

  private static @Nullable String describe(Object fake) {
    if (fake instanceof ScriptedChatModel m) {
      List<RecordedChat> calls = m.calls();
      StringBuilder b = new StringBuilder(calls.size() + " calls");
      for (RecordedChat c : calls) {
        b.append("\n- question=")
            .append(c.question().orElse("?"))
            .append(", sources=")
            .append(c.sources().describe())
            .append(reply(c));
      }
      return b.toString();
    }
    List<WireCall> calls = null;
    if (fake instanceof FakeGeminiServer g) {
      calls = g.calls();
    } else if (fake instanceof FakeOllamaServer o) {
      calls = o.calls();
    } else if (fake instanceof FakeOpenAiServer a) {
      calls = a.calls();
    }
    if (calls == null) {
      return null;
    }
    StringBuilder b = new StringBuilder(calls.size() + " requests");
    for (WireCall c : calls) {
      b.append("\n- ").append(c);
      c.scriptError().ifPresent(e -> b.append(" script error: ").append(e));
    }
    return b.toString();
  }

  private static String abbreviate(String s) {
    return s.length() <= 160 ? s : s.substring(0, 157) + "...";
  }

  /**
   * Holds a fake in the store and closes it once, whether JUnit closes {@link AutoCloseable} values
   * (5.13+) or {@link ExtensionContext.Store.CloseableResource}s (earlier versions).
   */
  @SuppressWarnings("deprecation")
  static final class Holder implements AutoCloseable, ExtensionContext.Store.CloseableResource {
    final Object value;
    private boolean closed;

    Holder(Object value) {
      this.value = value;
    }

    @Override
    public synchronized void close() {
      if (closed) {
        return;
      }
      closed = true;
      if (value instanceof AutoCloseable c) {
        try {
          c.close();
        } catch (Exception e) {
          throw new IllegalStateException("cannot close " + value, e);
        }
      }
    }
  }
}

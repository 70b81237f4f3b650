package dev.citerag.testkit.junit.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.answer.internal.AnswerSchema;
import dev.citerag.chat.ChatRequest;
import dev.citerag.testkit.fakes.Reply;
import dev.citerag.testkit.fakes.ScriptedChatModel;
import java.lang.reflect.Proxy;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionContext;

/** What the extension publishes when a test fails, checked with a hand-made context. */
class CiteragFakesExtensionTest {

  private final Map<Object, Object> values = new ConcurrentHashMap<>();
  private final Map<String, String> published = new LinkedHashMap<>();

  private ExtensionContext context(Throwable failure) {
    ExtensionContext.Store store =
        (ExtensionContext.Store)
            Proxy.newProxyInstance(
                getClass().getClassLoader(),
                new Class<?>[] {ExtensionContext.Store.class},
                (p, m, args) ->
                    switch (m.getName()) {
                      case "get" -> values.get(args[0]);
                      case "put" -> values.put(args[0], args[1]);
                      default -> throw new UnsupportedOperationException(m.getName());
                    });
    return (ExtensionContext)
        Proxy.newProxyInstance(
            getClass().getClassLoader(),
            new Class<?>[] {ExtensionContext.class},
            (p, m, args) ->
                switch (m.getName()) {
                  case "getExecutionException" -> Optional.ofNullable(failure);
                  case "getStore" -> store;
                  case "publishReportEntry" -> {
                    if (args.length == 2) {
                      published.put((String) args[0], (String) args[1]);
                    }
                    yield null;
                  }
                  default -> throw new UnsupportedOperationException(m.getName());
                });
  }

  @Test
  void a_failed_test_gets_the_calls_of_its_fakes_as_report_entries() {
    ScriptedChatModel model = new ScriptedChatModel().otherwise(Reply.notInSources());
    model.chat(
        new ChatRequest(
            "rules",
            "{\"question\":\"Where is the runbook?\",\"sources\":[{\"id\":\"k2x9q\",\"text\":\"t\"}]}",
            AnswerSchema.responseSchema(),
            0,
            64,
            null));
    values.put(ScriptedChatModel.class, new CiteragFakesExtension.Holder(model));

    new CiteragFakesExtension().afterTestExecution(context(new AssertionError("boom")));

    assertThat(published).containsOnlyKeys("citerag.ScriptedChatModel");
    assertThat(published.get("citerag.ScriptedChatModel"))
        .startsWith("1 calls")
        .contains("question=Where is the runbook?", "k2x9q", "not_in_sources");
  }

  @Test
  void a_passing_test_publishes_nothing() {
    values.put(ScriptedChatModel.class, new CiteragFakesExtension.Holder(new ScriptedChatModel()));

    new CiteragFakesExtension().afterTestExecution(context(null));

    assertThat(published).isEmpty();
  }
}

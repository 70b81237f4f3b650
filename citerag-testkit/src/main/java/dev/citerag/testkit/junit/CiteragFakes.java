package dev.citerag.testkit.junit;

import dev.citerag.testkit.junit.internal.CiteragFakesExtension;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Injects fresh citerag fakes into test methods, lifecycle methods and test constructors: declare a
 * parameter of type {@link dev.citerag.testkit.fakes.ScriptedChatModel}, {@link
 * dev.citerag.testkit.fakes.DeterministicEmbedder} (default settings), {@link
 * dev.citerag.testkit.wire.FakeGeminiServer}, {@link dev.citerag.testkit.wire.FakeOllamaServer} or
 * {@link dev.citerag.testkit.wire.FakeOpenAiServer}.
 *
 * <p>Each test gets its own instances; within one test, every parameter of the same type (in
 * {@code @BeforeEach}, the test method and {@code @AfterEach}) receives the same instance. Servers
 * are started on demand and closed when the test ends. When a test fails, the requests each fake
 * received are published as report entries, to explain the failure.
 *
 * <pre>{@code
 * @CiteragFakes
 * class RollbackAnswerTest {
 *   @Test
 *   void cites_the_rollback_page(ScriptedChatModel model, DeterministicEmbedder embedder) {
 *     model.otherwise(Reply.quoting("deployctl rollback --service <name> --to <sha>"));
 *     ...
 *   }
 * }
 * }</pre>
 */
@Target({ElementType.TYPE, ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@ExtendWith(CiteragFakesExtension.class)
@SuppressWarnings("exports") // the extension is internal on purpose; JUnit reaches it through opens
public @interface CiteragFakes {}

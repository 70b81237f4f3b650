package dev.citerag.testkit.fakes;

import dev.citerag.internal.Checks;
import dev.citerag.testkit.fakes.internal.UserContentParser;
import dev.citerag.text.internal.Whitespace;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The sources a model was shown in one call, read back from the prompt's user content, so a test
 * can assert what the model saw and script replies without knowing the random-looking source ids.
 *
 * <p>The user content is parsed generically (see {@link #parse}); with citerag's {@code
 * JsonContextBuilder} it is {@code {"question": ..., "sources": [{"id", "title", "section",
 * "text"}]}}. Matching by text ({@link #find}, {@link #containing}) collapses whitespace and
 * ignores case, so a fragment copied from a Markdown document matches its chunk.
 *
 * <pre>{@code
 * SentSources sent = chatModel.lastCall().sources();
 * assertThat(sent.ids()).hasSize(3);
 * String id = sent.containing("deployctl rollback").id();
 * }</pre>
 */
public final class SentSources {

  /**
   * One source as shown to the model.
   *
   * @param id the id the model was told to cite
   * @param text the source's text
   */
  public record Source(String id, String text) {
    /**
     * Checks the fields.
     *
     * @param id the id, not blank
     * @param text the text
     * @throws IllegalArgumentException when {@code id} is blank or {@code text} null
     */
    public Source {
      Checks.notNull(id, "id");
      Checks.notNull(text, "text");
    }
  }

  private static final SentSources EMPTY = new SentSources(List.of(), null);

  private final List<Source> sources;
  private final @Nullable String question;

  private SentSources(List<Source> sources, @Nullable String question) {
    this.sources = List.copyOf(sources);
    this.question = question;
  }

  /** {@return the empty value: no sources, no question} */
  public static SentSources empty() {
    return EMPTY;
  }

  /**
   * Sources given directly (for custom fakes and tests of replies).
   *
   * @param question the question, or {@code null}
   * @param sources the sources, in the order sent
   * @return the value
   */
  public static SentSources of(@Nullable String question, List<Source> sources) {
    return new SentSources(Checks.noNullElements(sources, "sources"), question);
  }

  /**
   * Reads the question and the sources out of a user content: the first JSON value (at any of the
   * first 64 opening braces) that holds an array of objects each with a textual {@code id} (or
   * {@code source_id}) and {@code text} (or {@code content}). Never throws: content without such an
   * array gives no sources.
   *
   * @param userContent a chat request's user content
   * @return what it showed the model; empty when it holds no sources
   */
  public static SentSources parse(String userContent) {
    Checks.notNull(userContent, "userContent");
    UserContentParser.Parsed p = UserContentParser.parse(userContent);
    List<Source> list = new ArrayList<>(p.sources().size());
    for (String[] s : p.sources()) {
      list.add(new Source(s[0], s[1]));
    }
    return new SentSources(list, p.question());
  }

  /** {@return all sources, in the order sent} */
  public List<Source> all() {
    return sources;
  }

  /** {@return the ids, in the order sent} */
  public List<String> ids() {
    return sources.stream().map(Source::id).toList();
  }

  /** {@return the texts, in the order sent} */
  public List<String> texts() {
    return sources.stream().map(Source::text).toList();
  }

  /** {@return the number of sources sent} */
  public int size() {
    return sources.size();
  }

  /** {@return whether no source was sent} */
  public boolean isEmpty() {
    return sources.isEmpty();
  }

  /** {@return the question found in the content (its {@code "question"} field), if any} */
  public Optional<String> question() {
    return Optional.ofNullable(question);
  }

  /**
   * The text of the source with this id.
   *
   * @param id a source id
   * @return its text, or empty when no source was sent under that id
   */
  public Optional<String> textOf(String id) {
    return sources.stream().filter(s -> s.id().equals(id)).map(Source::text).findFirst();
  }

  /**
   * The first source whose text contains {@code fragment} (whitespace collapsed, case ignored).
   *
   * @param fragment a piece of a source's text
   * @return the source, or empty when none contains it
   */
  public Optional<Source> find(String fragment) {
    Checks.notBlank(fragment, "fragment");
    String f = fold(fragment);
    return sources.stream().filter(s -> fold(s.text()).contains(f)).findFirst();
  }

  /**
   * The first source whose text contains {@code fragment}.
   *
   * @param fragment a piece of a source's text
   * @return the source
   * @throws IllegalStateException naming the fragment and listing what was sent, when no source
   *     contains it
   */
  public Source containing(String fragment) {
    return find(fragment)
        .orElseThrow(
            () ->
                new IllegalStateException(
                    "no sent source contains \""
                        + abbreviate(fragment, 80)
                        + "\"; sent: "
                        + describe()));
  }

  /**
   * Whether some source contains {@code fragment} (whitespace collapsed, case ignored).
   *
   * @param fragment a piece of a source's text
   * @return whether a sent source contains it
   */
  public boolean anyContains(String fragment) {
    return find(fragment).isPresent();
  }

  /** {@return a short description of what was sent: ids with the start of each text} */
  public String describe() {
    if (sources.isEmpty()) {
      return "(no sources)";
    }
    StringBuilder b = new StringBuilder();
    for (Source s : sources) {
      if (b.length() > 0) {
        b.append("; ");
      }
      b.append(s.id())
          .append("=\"")
          .append(abbreviate(Whitespace.collapse(s.text()), 60))
          .append('"');
    }
    return b.toString();
  }

  static String fold(String s) {
    return Whitespace.collapse(s).toLowerCase(Locale.ROOT);
  }

  static String abbreviate(String s, int max) {
    return s.length() <= max ? s : s.substring(0, max - 3) + "...";
  }

  @Override
  public String toString() {
    return "SentSources[" + describe() + "]";
  }
}

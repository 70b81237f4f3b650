package dev.citerag.anthropic;

import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.anthropic.internal.NativeCitations;
import org.junit.jupiter.api.Test;

/** The code-point offsets Claude sends, mapped onto Java's UTF-16 strings. */
class NativeCitationsTest {

  @Test
  void code_point_offsets_map_past_characters_outside_the_basic_plane() {
    String text = "Emoji 😀 first. The limit is 42 requests per minute.";
    int start = text.codePointCount(0, text.indexOf("The limit"));
    int end = start + "The limit is 42 requests per minute.".length();
    int[] r = NativeCitations.utf16Range(text, (long) start, (long) end);
    assertThat(r).isNotNull();
    assertThat(text.substring(r[0], r[1])).isEqualTo("The limit is 42 requests per minute.");
  }

  @Test
  void offsets_outside_the_text_or_reversed_map_to_nothing() {
    assertThat(NativeCitations.utf16Range("short", 0L, 9L)).isNull();
    assertThat(NativeCitations.utf16Range("short", 3L, 2L)).isNull();
    assertThat(NativeCitations.utf16Range("short", null, 2L)).isNull();
    assertThat(NativeCitations.utf16Range("short", -1L, 2L)).isNull();
  }
}

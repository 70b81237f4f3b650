package dev.citerag.examples.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TerminalTextTest {

  @Test
  void removes_escape_sequences_whole_and_control_characters() {
    assertThat(TerminalText.clean("a\u001b[31mred\u001b[0m b")).isEqualTo("ared b");
    assertThat(TerminalText.clean("x\u001b]0;pwned title\u0007y")).isEqualTo("xy");
    assertThat(TerminalText.clean("x\u001b]8;;http://evil\u001b\\link\u001b]8;;\u001b\\y"))
        .isEqualTo("xlinky");
    assertThat(TerminalText.clean("x\u009b2Jy\u001bcz")).isEqualTo("xyz");
    assertThat(TerminalText.clean("back\rspace\b\u0007\u007f\u0085")).isEqualTo("backspace");
    assertThat(TerminalText.clean("bidi \u202eevil\u202c \u2067x\u2069")).isEqualTo("bidi evil x");
    assertThat(TerminalText.clean("line\n\ttab caf\u00e9 \u4e2d\u6587"))
        .isEqualTo("line\n\ttab caf\u00e9 \u4e2d\u6587");
  }

  @Test
  void bracketed_numbers_in_answer_text_are_not_shown_as_markers() {
    assertThat(TerminalText.withoutMarkers("Deploys need 2 approvals [3] and [x]."))
        .isEqualTo("Deploys need 2 approvals (3) and [x].");
  }
}

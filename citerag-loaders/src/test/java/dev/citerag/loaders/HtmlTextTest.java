package dev.citerag.loaders;

import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.loaders.internal.HtmlText;
import org.junit.jupiter.api.Test;

class HtmlTextTest {

  @Test
  void keeps_headings_paragraphs_lists_and_code_and_drops_scripts_and_navigation() {
    HtmlText h =
        HtmlText.convert(
            """
        <html><head><title>Rollbacks</title><style>p{}</style></head>
        <body><nav><a href="/">Home</a></nav>
        <h1>Rolling back</h1>
        <p>Run the   command
           below.</p>
        <script>alert('x')</script>
        <h2>Steps</h2>
        <ol><li>Find the deploy id.</li><li>Run <code>deployctl rollback</code>.</li></ol>
        <pre>deployctl rollback dpl-1
        --yes</pre>
        </body></html>
        """);
    assertThat(h.title()).isEqualTo("Rollbacks");
    assertThat(h.markdown())
        .isEqualTo(
            """
        # Rolling back

        Run the command below.

        ## Steps

        1. Find the deploy id.
        2. Run deployctl rollback.

        ```
        deployctl rollback dpl-1
        --yes
        ```""");
  }

  @Test
  void tables_become_pipe_rows_with_a_header_separator() {
    HtmlText h =
        HtmlText.convert(
            "<table><tr><th>Env</th><th>Approvals</th></tr>"
                + "<tr><td>prod</td><td>2</td></tr><tr><td>a|b</td><td>1</td></tr></table>");
    assertThat(h.markdown())
        .isEqualTo("| Env | Approvals |\n|---|---|\n| prod | 2 |\n| a\\|b | 1 |");
  }

  @Test
  void title_falls_back_to_the_first_h1_and_is_null_without_one() {
    assertThat(HtmlText.convert("<h1>Deploys</h1><p>x</p>").title()).isEqualTo("Deploys");
    assertThat(HtmlText.convert("<p>x</p>").title()).isNull();
  }

  @Test
  void line_breaks_split_lines_inside_a_paragraph() {
    assertThat(HtmlText.convert("<p>one<br>two</p>").markdown()).isEqualTo("one\ntwo");
  }
}

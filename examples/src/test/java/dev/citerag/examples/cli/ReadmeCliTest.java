package dev.citerag.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The command line's reference page ({@code docs/cli.md}, section "The command line and the web
 * demo") says what the parser does: its synopsis block is what picocli generates for every command
 * (so every option of the parser is documented, with its spelling and whether it is required), and
 * every option the section names exists, in the command whose table row names it.
 */
class ReadmeCliTest {

  private static final String SECTION = "## The command line and the web demo";
  private static final String MARKER = "<!-- citerag synopsis:";
  private static final Pattern OPTION = Pattern.compile("(?<![\\w-])--[a-z][a-z-]*");

  private static final CommandLine CLI =
      CiteragCli.create(
          new Context(
              Map.of(),
              java.io.InputStream.nullInputStream(),
              new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8),
              new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8)));

  /** The commands the README documents: all but picocli's {@code help}. */
  private static Map<String, CommandSpec> commands() {
    Map<String, CommandSpec> m = new LinkedHashMap<>();
    CLI.getSubcommands()
        .forEach(
            (name, cl) -> {
              if (!name.equals("help")) {
                m.put(name, cl.getCommandSpec());
              }
            });
    return m;
  }

  /** The command line's reference page, linked from the README. */
  private static final String PAGE = "docs/cli.md";

  private static String section() throws IOException {
    Path dir = Path.of("").toAbsolutePath();
    while (dir != null && !Files.isRegularFile(dir.resolve(PAGE))) {
      dir = dir.getParent();
    }
    assertThat(dir).as("a %s above %s", PAGE, Path.of("").toAbsolutePath()).isNotNull();
    String readme = Files.readString(dir.resolve(PAGE), StandardCharsets.UTF_8);
    int start = readme.indexOf(SECTION);
    assertThat(start).as("%s has the section \"%s\"", PAGE, SECTION).isNotNegative();
    int end = readme.indexOf("\n## ", start + SECTION.length());
    return end < 0 ? readme.substring(start) : readme.substring(start, end);
  }

  private static String normalized(String s) {
    return s.strip().replaceAll("\\s+", " ");
  }

  @Test
  void the_synopsis_block_is_what_the_parser_generates() throws IOException {
    String section = section();
    int marker = section.indexOf(MARKER);
    assertThat(marker).as("the synopsis block's marker %s", MARKER).isNotNegative();
    int open = section.indexOf("```text\n", marker);
    int close = section.indexOf("```", open + 8);
    String documented = section.substring(open + 8, close);

    StringBuilder generated = new StringBuilder();
    for (CommandSpec spec : commands().values()) {
      generated.append(spec.commandLine().getHelp().synopsis(0));
    }
    assertThat(normalized(documented))
        .as(
            "the README's synopsis block (%s) must be what picocli prints; paste this:%n%s",
            MARKER, generated)
        .isEqualTo(normalized(generated.toString()));
  }

  @Test
  void every_command_has_a_table_row_naming_only_its_own_options() throws IOException {
    String section = section();
    Map<String, CommandSpec> commands = commands();
    Set<String> rows = new TreeSet<>();
    for (String line : section.lines().toList()) {
      if (!line.startsWith("| `")) {
        continue;
      }
      String[] cells = line.split("(?<!\\\\)\\|");
      String first = cells[1].strip().replace("\\|", "|");
      first = first.substring(1, first.indexOf('`', 1));
      String name = first.split(" ")[0];
      CommandSpec spec = commands.get(name);
      assertThat(spec).as("row \"%s\" names a command", first).isNotNull();
      rows.add(name);
      assertThat(first)
          .as("the row's synopsis ends with the command's arguments")
          .startsWith(name)
          .endsWith(name.equals(first) ? name : CommandList.arguments(spec));
      Set<String> own = names(spec);
      List<String> unknown = new ArrayList<>();
      Matcher m = OPTION.matcher(line);
      while (m.find()) {
        if (!own.contains(m.group())) {
          unknown.add(m.group());
        }
      }
      assertThat(unknown)
          .as("options named in the row of %s that it does not take", name)
          .isEmpty();
    }
    assertThat(rows).containsExactlyInAnyOrderElementsOf(commands.keySet());
  }

  @Test
  void every_option_the_section_names_exists() throws IOException {
    Set<String> all = new TreeSet<>();
    commands().values().forEach(spec -> all.addAll(names(spec)));
    Set<String> unknown = new TreeSet<>();
    Matcher m = OPTION.matcher(section());
    while (m.find()) {
      if (!all.contains(m.group())) {
        unknown.add(m.group());
      }
    }
    assertThat(unknown).as("options the README names that no command takes").isEmpty();
    assertThat(all).contains("--store", "--min-similarity", "--keep-missing", "--port");
  }

  private static Set<String> names(CommandSpec spec) {
    Set<String> names = new TreeSet<>();
    for (OptionSpec o : spec.options()) {
      names.addAll(List.of(o.names()));
    }
    return names;
  }
}

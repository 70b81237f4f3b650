package dev.citerag.answer.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class TableCellsTest {

  private static final String HEADER = "| Region | Hotel limit per night | Meal limit per day |";
  private static final String ASIA = "| Asia | 150 USD | 40 USD |";

  @Test
  void splits_a_row_into_stripped_cells_and_refuses_delimiter_rows_and_prose() {
    assertThat(TableCells.cells(ASIA)).containsExactly("Asia", "150 USD", "40 USD");
    assertThat(TableCells.cells("|---|:--:|")).isNull();
    assertThat(TableCells.cells("Asia costs 150 USD")).isNull();
  }

  @Test
  void values_under_their_own_headers_are_not_misplaced_in_either_quote_order() {
    String claim = "Asia: hotel limit per night 150 USD; meal limit per day 40 USD";
    assertThat(TableCells.misplaced(claim, List.of(ASIA, HEADER))).isEmpty();
    assertThat(TableCells.misplaced(claim, List.of(HEADER, ASIA))).isEmpty();
  }

  @Test
  void a_value_of_another_column_after_a_header_is_misplaced() {
    assertThat(TableCells.misplaced("Asia: hotel limit per night 40 USD", List.of(ASIA, HEADER)))
        .containsExactly("40 USD");
  }

  @Test
  void a_longer_value_is_not_read_as_a_shorter_one_inside_it() {
    String header = "| Tier | Requests per minute | Burst |";
    String row = "| Free | 15 | 5 |";
    assertThat(TableCells.misplaced("Free: requests per minute 15; burst 5", List.of(row, header)))
        .isEmpty();
  }

  @Test
  void quotes_that_are_not_two_rows_of_one_table_are_not_checked() {
    assertThat(TableCells.misplaced("hotel limit per night 40 USD", List.of(ASIA))).isEmpty();
    assertThat(
            TableCells.misplaced(
                "Asia: hotel limit per night 40 USD", List.of(ASIA, "| A | B | C | D |")))
        .isEmpty();
  }
}

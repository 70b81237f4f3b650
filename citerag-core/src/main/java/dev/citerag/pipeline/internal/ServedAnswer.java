package dev.citerag.pipeline.internal;

import dev.citerag.answer.Citation;
import dev.citerag.answer.Claim;
import dev.citerag.answer.ModelAnswer;
import dev.citerag.answer.SentSource;
import dev.citerag.answer.internal.CitedPassage;
import dev.citerag.answer.internal.NormalizedText;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The form in which a validated answer is served: the answer and claim texts as they were verified
 * (under the quotation normalisation: no invisible or control characters, whitespace collapsed),
 * and every quote replaced by the cited source's own text at the place the quote matched.
 */
public final class ServedAnswer {
  private ServedAnswer() {}

  /**
   * The served form, or null when a quote cannot be located in its source (a validator's mistake).
   */
  public static @Nullable ModelAnswer of(ModelAnswer answer, List<SentSource> sent) {
    Map<String, CitedPassage> passages = new HashMap<>();
    Map<String, SentSource> byId = new HashMap<>();
    for (SentSource s : sent) {
      byId.put(s.sourceId(), s);
    }
    List<Claim> claims = new ArrayList<>(answer.claims().size());
    for (Claim c : answer.claims()) {
      List<Citation> cites = new ArrayList<>(c.citations().size());
      for (Citation x : c.citations()) {
        SentSource s = byId.get(x.sourceId());
        if (s == null) {
          return null;
        }
        CitedPassage p =
            passages.computeIfAbsent(x.sourceId(), id -> new CitedPassage(s.chunk().text()));
        String excerpt = p.excerpt(NormalizedText.of(x.quote()));
        if (excerpt == null) {
          return null;
        }
        cites.add(new Citation(x.sourceId(), excerpt));
      }
      claims.add(new Claim(NormalizedText.of(c.text()).text(), cites));
    }
    return new ModelAnswer(answer.status(), NormalizedText.of(answer.answer()).text(), claims);
  }
}

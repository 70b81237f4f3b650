package dev.citerag.examples;

import dev.citerag.internal.Checks;
import dev.citerag.pipeline.RagPipeline;
import dev.citerag.pipeline.RagResult;
import dev.citerag.pipeline.RejectReason;
import dev.citerag.pipeline.ResolvedCitation;
import dev.citerag.store.Filter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A small host service built on {@link RagPipeline}: what a team might put behind its internal
 * helpdesk chat. It answers from one team's documents only, shows each answer with its sources, and
 * hands everything it cannot answer with verified citations to a person, saying why.
 *
 * <pre>{@code
 * HelpdeskService desk = new HelpdeskService(pipeline, "platform");
 * switch (desk.handle("How do I roll back a deploy?")) ...
 * }</pre>
 *
 * <p>It exists to show (and, in {@code downstream/HelpdeskServiceTest}, to test with nothing but
 * the testkit's public API) how a host application consumes a {@link RagResult}:
 *
 * <ul>
 *   <li>{@link RagResult.Answered} → {@link Answer}: the text with {@code [n]} markers and the
 *       numbered sources;
 *   <li>{@link RagResult.Abstained} → {@link Escalation} {@link Escalation.Kind#NOT_DOCUMENTED}:
 *       the documents do not say;
 *   <li>{@link RagResult.Rejected} for a provider failure or an expired deadline → {@link
 *       Escalation.Kind#UNAVAILABLE}; any other rejection → {@link Escalation.Kind#UNVERIFIED} (the
 *       model answered, but its citations did not check out, so nothing is shown).
 * </ul>
 *
 * Thread-safe, like the pipeline it wraps.
 */
public final class HelpdeskService {

  /** What the helpdesk replies. */
  public sealed interface Reply permits Answer, Escalation {}

  /**
   * A verified answer.
   *
   * @param text the answer with {@code [n]} markers after the statements they support
   * @param sources the numbered sources, in marker order
   */
  public record Answer(String text, List<Source> sources) implements Reply {
    public Answer {
      Checks.notBlank(text, "text");
      sources = List.copyOf(sources);
    }
  }

  /**
   * One source of an answer.
   *
   * @param number the {@code n} of its {@code [n]} marker
   * @param document where the document came from (path or URL)
   * @param section its heading path, possibly empty
   * @param quote the words quoted from it, verified present
   */
  public record Source(int number, String document, String section, String quote) {}

  /**
   * The question goes to a person.
   *
   * @param kind why
   * @param message what the user is told
   * @param detail the pipeline's reason, for the ticket ({@code low_similarity}, {@code
   *     invalid_citations}, ...)
   */
  public record Escalation(Kind kind, String message, String detail) implements Reply {
    /** Why a question was escalated. */
    public enum Kind {
      /** The documents do not contain the answer. */
      NOT_DOCUMENTED,
      /** The model's answer could not be verified against the documents. */
      UNVERIFIED,
      /** The model provider failed or took too long. */
      UNAVAILABLE
    }
  }

  private final RagPipeline pipeline;
  private final String team;
  private final Filter scope;
  private final AtomicLong answered = new AtomicLong();
  private final AtomicLong escalated = new AtomicLong();

  /**
   * A helpdesk for one team: only chunks whose metadata has {@code team} equal to {@code team} are
   * searched.
   *
   * @throws IllegalArgumentException when {@code pipeline} is null or {@code team} blank
   */
  public HelpdeskService(RagPipeline pipeline, String team) {
    this.pipeline = Checks.notNull(pipeline, "pipeline");
    this.team = Checks.notBlank(team, "team");
    this.scope = Filter.eq("team", team);
  }

  /**
   * Answers one question.
   *
   * @throws IllegalArgumentException when the question is blank or otherwise unacceptable to the
   *     pipeline (too long, control characters)
   */
  public Reply handle(String question) {
    RagResult r = pipeline.ask(Checks.notBlank(question, "question").strip(), scope);
    if (r instanceof RagResult.Answered a) {
      answered.incrementAndGet();
      return answer(a);
    }
    escalated.incrementAndGet();
    if (r instanceof RagResult.Abstained a) {
      return new Escalation(
          Escalation.Kind.NOT_DOCUMENTED,
          "The " + team + " documentation does not cover this; a person from the team will reply.",
          a.reason().wire());
    }
    RagResult.Rejected j = (RagResult.Rejected) r;
    boolean down =
        j.reason() == RejectReason.PROVIDER_ERROR
            || j.reason() == RejectReason.DEADLINE_EXCEEDED
            || j.reason() == RejectReason.JUDGE_UNAVAILABLE;
    return down
        ? new Escalation(
            Escalation.Kind.UNAVAILABLE,
            "The assistant is unavailable right now; a person from the team will reply.",
            j.reason().wire())
        : new Escalation(
            Escalation.Kind.UNVERIFIED,
            "No answer could be checked against the documentation; a person from the team will reply.",
            j.reason().wire());
  }

  /** Questions answered so far. */
  public long answeredCount() {
    return answered.get();
  }

  /** Questions escalated so far. */
  public long escalatedCount() {
    return escalated.get();
  }

  private static Answer answer(RagResult.Answered a) {
    Map<String, Integer> numbers = new LinkedHashMap<>();
    List<Source> sources = new ArrayList<>();
    Map<Integer, List<Integer>> markersByClaim = new LinkedHashMap<>();
    for (ResolvedCitation c : a.citations()) {
      Integer n = numbers.get(c.sourceId() + '\u0000' + c.quote());
      if (n == null) {
        n = sources.size() + 1;
        numbers.put(c.sourceId() + '\u0000' + c.quote(), n);
        sources.add(new Source(n, c.chunk().source(), c.chunk().section(), c.quote()));
      }
      List<Integer> ms = markersByClaim.computeIfAbsent(c.claimIndex(), k -> new ArrayList<>());
      if (!ms.contains(n)) {
        ms.add(n);
      }
    }
    StringBuilder text = new StringBuilder(a.answer().strip());
    List<Integer> all = new ArrayList<>();
    markersByClaim
        .values()
        .forEach(ms -> ms.stream().filter(m -> !all.contains(m)).forEach(all::add));
    text.append(' ');
    all.forEach(n -> text.append('[').append(n).append(']'));
    return new Answer(text.toString(), sources);
  }
}

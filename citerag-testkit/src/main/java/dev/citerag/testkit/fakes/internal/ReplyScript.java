package dev.citerag.testkit.fakes.internal;

import dev.citerag.internal.Checks;
import dev.citerag.testkit.fakes.Reply;
import dev.citerag.text.internal.Whitespace;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * Chooses the scripted reply for a call: the first question rule whose fragment the question
 * contains (each rule hands out its replies in order and then repeats its last one), else the next
 * queued reply, else the fallback. Thread-safe.
 */
public final class ReplyScript {

  private static final class Rule {
    final String fragment;
    final List<Reply> replies;
    int next;

    Rule(String fragment, List<Reply> replies) {
      this.fragment = fragment;
      this.replies = replies;
    }
  }

  private final String owner;
  private final List<Rule> rules = new ArrayList<>();
  private final Deque<Reply> queue = new ArrayDeque<>();
  private @Nullable Reply fallback;

  /**
   * @param owner the fake's name, for error messages
   */
  public ReplyScript(String owner) {
    this.owner = owner;
  }

  public synchronized void onQuestion(String fragment, Reply... replies) {
    Checks.notBlank(fragment, "fragment");
    Checks.noNullElements(List.of(replies), "replies");
    if (replies.length == 0) {
      throw new IllegalArgumentException(
          "replies must not be empty for question fragment \"" + fragment + "\"");
    }
    rules.add(new Rule(fold(fragment), List.of(replies)));
  }

  public synchronized void enqueue(Reply... replies) {
    Checks.noNullElements(List.of(replies), "replies");
    queue.addAll(List.of(replies));
  }

  public synchronized void otherwise(Reply reply) {
    this.fallback = Checks.notNull(reply, "reply");
  }

  /** How many queued replies have not been used yet. */
  public synchronized int pending() {
    return queue.size();
  }

  /**
   * The scripted reply for the next call: the first rule that matches, else the fallback.
   *
   * @param question the question found in the request, if any
   * @param content the whole text the rules may match against when no question was found
   * @throws IllegalStateException when nothing is scripted for this call
   */
  public synchronized Reply next(@Nullable String question, String content) {
    String haystack = fold(question != null ? question : content);
    for (Rule r : rules) {
      if (haystack.contains(r.fragment)) {
        Reply reply = r.replies.get(Math.min(r.next, r.replies.size() - 1));
        r.next++;
        return reply;
      }
    }
    Reply queued = queue.poll();
    if (queued != null) {
      return queued;
    }
    if (fallback != null) {
      return fallback;
    }
    String shown = question != null ? question : content;
    if (shown.length() > 120) {
      shown = shown.substring(0, 117) + "...";
    }
    throw new IllegalStateException(
        owner
            + " has no reply scripted for \""
            + shown
            + "\": script one with onQuestion(fragment, reply), enqueue(reply) or otherwise(reply)");
  }

  private static String fold(String s) {
    return Whitespace.collapse(s).toLowerCase(Locale.ROOT);
  }
}

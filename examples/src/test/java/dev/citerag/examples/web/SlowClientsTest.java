package dev.citerag.examples.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Many connections sending slowly must not make the server refuse everyone: with real sockets on
 * loopback, a bounded number of them, and socket timeouts bounding every wait.
 */
class SlowClientsTest {
  /** Long enough that no slow client is timed out during the test: only eviction frees slots. */
  private static final Duration PATIENCE = Duration.ofSeconds(120);

  private static final int MAX = 64;
  private static final int PER_ADDRESS = 16;

  private static void page(HttpExchange ex) throws IOException {
    byte[] b = "<html>page</html>".getBytes(StandardCharsets.UTF_8);
    ex.sendResponseHeaders(200, b.length);
    try (OutputStream out = ex.getResponseBody()) {
      out.write(b);
    }
  }

  private static BoundedHttpServer server() throws IOException {
    return BoundedHttpServer.start(
        new InetSocketAddress("127.0.0.1", 0),
        new BoundedHttpServer.Limits(PATIENCE, PATIENCE, MAX, PER_ADDRESS),
        SlowClientsTest::page);
  }

  /** A connection from {@code from} that sends half a request head, a byte at a time. */
  private static Socket slow(BoundedHttpServer s, String from) throws IOException {
    Socket c = new Socket();
    c.bind(new InetSocketAddress(InetAddress.getByName(from), 0));
    c.connect(s.address(), 5_000);
    c.getOutputStream().write('G');
    c.getOutputStream().flush();
    return c;
  }

  /** Sends one more byte on every socket, for {@code rounds} rounds; a closed one is skipped. */
  private static void trickle(List<Socket> sockets, int rounds) throws InterruptedException {
    for (int r = 0; r < rounds; r++) {
      for (Socket c : sockets) {
        try {
          c.getOutputStream().write('E');
          c.getOutputStream().flush();
        } catch (IOException closedByServer) {
          // counted by open()
        }
      }
      Thread.sleep(100);
    }
  }

  /** How many of {@code sockets} the server still holds open (a read waits, not ends). */
  private static int open(List<Socket> sockets) throws IOException {
    int n = 0;
    for (Socket c : sockets) {
      c.setSoTimeout(50);
      try {
        InputStream in = c.getInputStream();
        byte[] start = in.readNBytes(12);
        // refused or closed: nothing, or a 503, never an answer to a request not yet sent
        String reply = new String(start, StandardCharsets.ISO_8859_1);
        if (!reply.isEmpty() && !reply.equals("HTTP/1.1 503")) {
          throw new AssertionError("a slow client got " + reply);
        }
      } catch (SocketTimeoutException stillOpen) {
        n++;
      } catch (IOException reset) {
        // closed by the server
      }
    }
    return n;
  }

  private static String get(BoundedHttpServer s, String from) throws IOException {
    try (Socket c = new Socket()) {
      c.bind(new InetSocketAddress(InetAddress.getByName(from), 0));
      c.connect(s.address(), 5_000);
      c.setSoTimeout(30_000);
      c.getOutputStream()
          .write("GET / HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
      c.getOutputStream().flush();
      return new String(c.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
    }
  }

  private static void closeAll(List<Socket> sockets) {
    for (Socket c : sockets) {
      try {
        c.close();
      } catch (IOException ignored) {
        // closing anyway
      }
    }
  }

  @Test
  void sixty_four_slow_connections_from_one_address_do_not_stop_a_new_client() throws Exception {
    List<Socket> slow = new ArrayList<>();
    try (BoundedHttpServer s = server()) {
      for (int i = 0; i < MAX; i++) {
        slow.add(slow(s, "127.0.0.1"));
      }
      // they keep sending, a byte at a time, for longer than a connection may hold a slot when
      // someone else needs it
      trickle(slow, (int) (BoundedHttpServer.EVICTABLE_AFTER.toMillis() / 100) + 3);
      String reply = get(s, "127.0.0.1");
      assertThat(reply).startsWith("HTTP/1.1 200 ").contains("page");
      // the address never held more than its share; the others were closed, not left hanging
      assertThat(open(slow)).isLessThanOrEqualTo(PER_ADDRESS);
      // and again, while the remaining slow ones still trickle
      trickle(slow, 2);
      assertThat(get(s, "127.0.0.1")).startsWith("HTTP/1.1 200 ");
    } finally {
      closeAll(slow);
    }
  }

  @Test
  void slow_connections_from_many_addresses_make_room_for_a_new_client() throws Exception {
    List<Socket> slow = new ArrayList<>();
    try (BoundedHttpServer s = server()) {
      // the whole server taken by slow clients spread over four addresses, each at its limit
      for (int i = 0; i < MAX; i++) {
        slow.add(slow(s, "127.0.0." + (2 + i % 4)));
      }
      trickle(slow, (int) (BoundedHttpServer.EVICTABLE_AFTER.toMillis() / 100) + 3);
      assertThat(open(slow)).isEqualTo(MAX);
      // a fifth address is served: the slow client that started first makes room
      assertThat(get(s, "127.0.0.9")).startsWith("HTTP/1.1 200 ").contains("page");
      assertThat(open(slow)).isEqualTo(MAX - 1);
    } finally {
      closeAll(slow);
    }
  }

  @Test
  void a_client_that_sends_its_request_at_once_is_never_evicted() throws Exception {
    try (BoundedHttpServer s = server()) {
      // young connections are not evictable: a burst of prompt clients is served in full
      for (int i = 0; i < 3 * PER_ADDRESS; i++) {
        assertThat(get(s, "127.0.0.1")).startsWith("HTTP/1.1 200 ");
      }
    }
  }

  @Test
  void limits_are_checked() {
    org.junit.jupiter.api.Assertions.assertThrows(
        IllegalArgumentException.class,
        () -> new BoundedHttpServer.Limits(PATIENCE, PATIENCE, 4, 5));
  }
}

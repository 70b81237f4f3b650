package dev.citerag.gemini;

import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * A fresh {@link MockWebServer} and {@link Fixtures.RecordingSleeper} for every test of a subclass;
 * JUnit runs these callbacks before the subclass's own {@code @BeforeEach} and after its
 * {@code @AfterEach}.
 */
abstract class MockServerTest {
  MockWebServer server;
  Fixtures.RecordingSleeper sleeper;

  @BeforeEach
  final void startServer() throws Exception {
    server = new MockWebServer();
    server.start();
    sleeper = new Fixtures.RecordingSleeper();
  }

  @AfterEach
  final void stopServer() {
    server.close();
  }
}

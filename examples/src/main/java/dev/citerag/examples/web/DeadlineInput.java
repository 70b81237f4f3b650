package dev.citerag.examples.web;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.concurrent.TimeUnit;

/**
 * The socket's input with an absolute deadline: each read waits at most until it. A deadline, not a
 * per-read timeout, so that a client trickling one byte at a time cannot stretch a request forever.
 */
final class DeadlineInput extends InputStream {
  private final Socket socket;
  private final InputStream in;
  private long deadline;

  DeadlineInput(Socket socket, InputStream in, long deadlineNanos) {
    this.socket = socket;
    this.in = in;
    this.deadline = deadlineNanos;
  }

  void deadline(long deadlineNanos) {
    this.deadline = deadlineNanos;
  }

  private void arm() throws IOException {
    long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
    if (left <= 0) {
      throw new TimedOut("deadline passed");
    }
    socket.setSoTimeout((int) Math.min(Integer.MAX_VALUE, Math.max(1, left)));
  }

  @Override
  public int read() throws IOException {
    arm();
    try {
      return in.read();
    } catch (SocketTimeoutException e) {
      throw new TimedOut("deadline passed");
    }
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    arm();
    try {
      return in.read(b, off, len);
    } catch (SocketTimeoutException e) {
      throw new TimedOut("deadline passed");
    }
  }
}

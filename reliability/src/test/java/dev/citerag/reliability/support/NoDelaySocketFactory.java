package dev.citerag.reliability.support;

import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import javax.net.SocketFactory;

/**
 * Plain sockets with {@code TCP_NODELAY}: on loopback, Nagle's algorithm and delayed ACKs otherwise
 * add about 40 ms to every request whose headers and body are written separately, which would make
 * thousands of stubbed calls take minutes. Keeps every socket it made, so a test can count those a
 * client left open.
 */
public final class NoDelaySocketFactory extends SocketFactory {
  private final SocketFactory delegate = SocketFactory.getDefault();
  private final List<Socket> made = new ArrayList<>();

  private Socket noDelay(Socket s) throws IOException {
    s.setTcpNoDelay(true);
    synchronized (made) {
      made.add(s);
    }
    return s;
  }

  /** Sockets made so far. */
  public int made() {
    synchronized (made) {
      return made.size();
    }
  }

  /** Sockets made so far and not closed yet. */
  public int open() {
    synchronized (made) {
      return (int) made.stream().filter(s -> !s.isClosed()).count();
    }
  }

  @Override
  public Socket createSocket() throws IOException {
    return noDelay(delegate.createSocket());
  }

  @Override
  public Socket createSocket(String host, int port) throws IOException {
    return noDelay(delegate.createSocket(host, port));
  }

  @Override
  public Socket createSocket(String host, int port, InetAddress localHost, int localPort)
      throws IOException {
    return noDelay(delegate.createSocket(host, port, localHost, localPort));
  }

  @Override
  public Socket createSocket(InetAddress host, int port) throws IOException {
    return noDelay(delegate.createSocket(host, port));
  }

  @Override
  public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort)
      throws IOException {
    return noDelay(delegate.createSocket(address, port, localAddress, localPort));
  }
}

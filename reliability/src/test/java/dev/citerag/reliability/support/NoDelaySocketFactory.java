package dev.citerag.reliability.support;

import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import javax.net.SocketFactory;

/**
 * Plain sockets with {@code TCP_NODELAY}: on loopback, Nagle's algorithm and delayed ACKs otherwise
 * add about 40 ms to every request whose headers and body are written separately, which would
 * make thousands of stubbed calls take minutes.
 */
public final class NoDelaySocketFactory extends SocketFactory {
  private final SocketFactory delegate = SocketFactory.getDefault();

  private static Socket noDelay(Socket s) throws IOException {
    s.setTcpNoDelay(true);
    return s;
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
  public Socket createSocket(String host, int port, InetAddress localHost, int localPort) throws IOException {
    return noDelay(delegate.createSocket(host, port, localHost, localPort));
  }

  @Override
  public Socket createSocket(InetAddress host, int port) throws IOException {
    return noDelay(delegate.createSocket(host, port));
  }

  @Override
  public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort) throws IOException {
    return noDelay(delegate.createSocket(address, port, localAddress, localPort));
  }
}

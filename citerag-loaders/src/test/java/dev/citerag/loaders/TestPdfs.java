package dev.citerag.loaders;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.encryption.AccessPermission;
import org.apache.pdfbox.pdmodel.encryption.StandardProtectionPolicy;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;
import org.apache.pdfbox.pdmodel.interactive.documentnavigation.destination.PDPageFitDestination;
import org.apache.pdfbox.pdmodel.interactive.documentnavigation.outline.PDDocumentOutline;
import org.apache.pdfbox.pdmodel.interactive.documentnavigation.outline.PDOutlineItem;

/**
 * Builds test PDFs with PDFBox: pages of text lines, an optional outline, header/footer,
 * encryption.
 */
final class TestPdfs {
  private final List<List<String>> pages = new ArrayList<>();
  private final List<Object[]> bookmarks =
      new ArrayList<>(); // {title, page (1-based), parentIndex or -1}
  private String header;
  private String footer; // %d is replaced by the page number
  private String title;
  private String userPassword;
  private boolean forbidExtraction;
  private boolean imageOnly;

  TestPdfs page(String... lines) {
    pages.add(List.of(lines));
    return this;
  }

  TestPdfs bookmark(String title, int page) {
    bookmarks.add(new Object[] {title, page, -1});
    return this;
  }

  TestPdfs childBookmark(String title, int page) {
    bookmarks.add(new Object[] {title, page, bookmarks.size() - 1});
    return this;
  }

  TestPdfs header(String h) {
    this.header = h;
    return this;
  }

  TestPdfs footer(String f) {
    this.footer = f;
    return this;
  }

  TestPdfs title(String t) {
    this.title = t;
    return this;
  }

  TestPdfs password(String user) {
    this.userPassword = user;
    return this;
  }

  TestPdfs forbidExtraction() {
    this.forbidExtraction = true;
    return this;
  }

  TestPdfs imageOnly(int n) {
    this.imageOnly = true;
    for (int i = 0; i < n; i++) {
      pages.add(List.of());
    }
    return this;
  }

  byte[] bytes() throws IOException {
    try (PDDocument doc = new PDDocument()) {
      PDType1Font font = new PDType1Font(Standard14Fonts.FontName.HELVETICA);
      List<PDPage> made = new ArrayList<>();
      for (int p = 0; p < pages.size(); p++) {
        PDPage page = new PDPage(PDRectangle.A4);
        doc.addPage(page);
        made.add(page);
        try (PDPageContentStream cs = new PDPageContentStream(doc, page)) {
          if (imageOnly) {
            cs.addRect(100, 100, 300, 300);
            cs.fill();
            continue;
          }
          float y = 800;
          if (header != null) {
            text(cs, font, 50, y, header);
          }
          y -= 40;
          for (String line : pages.get(p)) {
            text(cs, font, 50, y, line);
            y -= 16;
          }
          if (footer != null) {
            text(cs, font, 50, 40, footer.replace("%d", Integer.toString(p + 1)));
          }
        }
      }
      if (!bookmarks.isEmpty()) {
        PDDocumentOutline outline = new PDDocumentOutline();
        List<PDOutlineItem> items = new ArrayList<>();
        for (Object[] b : bookmarks) {
          PDOutlineItem item = new PDOutlineItem();
          item.setTitle((String) b[0]);
          PDPageFitDestination dest = new PDPageFitDestination();
          dest.setPage(made.get((Integer) b[1] - 1));
          item.setDestination(dest);
          int parent = (Integer) b[2];
          if (parent < 0) {
            outline.addLast(item);
          } else {
            items.get(parent).addLast(item);
          }
          items.add(item);
        }
        doc.getDocumentCatalog().setDocumentOutline(outline);
      }
      if (title != null) {
        doc.getDocumentInformation().setTitle(title);
      }
      if (userPassword != null || forbidExtraction) {
        AccessPermission ap = new AccessPermission();
        ap.setCanExtractContent(!forbidExtraction);
        StandardProtectionPolicy policy =
            new StandardProtectionPolicy(
                "owner-secret", userPassword == null ? "" : userPassword, ap);
        policy.setEncryptionKeyLength(128);
        doc.protect(policy);
      }
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      doc.save(out);
      return out.toByteArray();
    }
  }

  private static void text(PDPageContentStream cs, PDType1Font font, float x, float y, String s)
      throws IOException {
    cs.beginText();
    cs.setFont(font, 11);
    cs.newLineAtOffset(x, y);
    cs.showText(s);
    cs.endText();
  }
}

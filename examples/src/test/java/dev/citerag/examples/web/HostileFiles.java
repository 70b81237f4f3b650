package dev.citerag.examples.web;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDFormContentStream;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.PDResources;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;
import org.apache.pdfbox.pdmodel.graphics.form.PDFormXObject;
import org.apache.pdfbox.pdmodel.interactive.documentnavigation.destination.PDPageFitDestination;
import org.apache.pdfbox.pdmodel.interactive.documentnavigation.outline.PDDocumentOutline;
import org.apache.pdfbox.pdmodel.interactive.documentnavigation.outline.PDOutlineItem;

/** Hostile PDFs for upload tests (the loaders module's HostileFilesTest builds the same). */
final class HostileFiles {
  private HostileFiles() {}

  /** One page of text whose outline item is its own child and its own next sibling. */
  static byte[] loopingOutlinePdf() throws IOException {
    try (PDDocument doc = new PDDocument()) {
      PDPage page = new PDPage(PDRectangle.A4);
      doc.addPage(page);
      try (PDPageContentStream cs = new PDPageContentStream(doc, page)) {
        cs.beginText();
        cs.setFont(new PDType1Font(Standard14Fonts.FontName.HELVETICA), 12);
        cs.newLineAtOffset(50, 700);
        cs.showText("The looping outline page is readable.");
        cs.endText();
      }
      PDDocumentOutline outline = new PDDocumentOutline();
      PDOutlineItem item = new PDOutlineItem();
      item.setTitle("Chapter");
      PDPageFitDestination dest = new PDPageFitDestination();
      dest.setPage(page);
      item.setDestination(dest);
      outline.addLast(item);
      item.getCOSObject().setItem(COSName.FIRST, item.getCOSObject());
      item.getCOSObject().setItem(COSName.LAST, item.getCOSObject());
      item.getCOSObject().setItem(COSName.NEXT, item.getCOSObject());
      doc.getDocumentCatalog().setDocumentOutline(outline);
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      doc.save(out);
      return out.toByteArray();
    }
  }

  /**
   * A page drawing a form that draws the form below it {@code fanOut} times, {@code levels} deep.
   */
  static byte[] formBombPdf(int levels, int fanOut) throws IOException {
    try (PDDocument doc = new PDDocument()) {
      PDFormXObject below = new PDFormXObject(doc);
      below.setBBox(new PDRectangle(200, 50));
      below.setResources(new PDResources());
      try (PDFormContentStream cs = new PDFormContentStream(below)) {
        cs.beginText();
        cs.setFont(new PDType1Font(Standard14Fonts.FontName.HELVETICA), 8);
        cs.newLineAtOffset(1, 1);
        cs.showText("expanding text ");
        cs.endText();
      }
      for (int l = 0; l < levels; l++) {
        PDFormXObject form = new PDFormXObject(doc);
        form.setBBox(new PDRectangle(200, 50));
        form.setResources(new PDResources());
        try (PDFormContentStream cs = new PDFormContentStream(form)) {
          for (int i = 0; i < fanOut; i++) {
            cs.drawForm(below);
          }
        }
        below = form;
      }
      PDPage page = new PDPage(PDRectangle.A4);
      doc.addPage(page);
      try (PDPageContentStream cs = new PDPageContentStream(doc, page)) {
        cs.drawForm(below);
      }
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      doc.save(out);
      return out.toByteArray();
    }
  }
}

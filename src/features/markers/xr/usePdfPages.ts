import { useEffect, useState } from 'react';
import { CanvasTexture, SRGBColorSpace } from 'three';
import type * as PdfJsModule from 'pdfjs-dist';

// A PDF marker's pages inside the in-world panel. The flat screen shows PDFs in the browser's own viewer (an
// iframe), which a headset cannot put in the world; pdf.js draws one page at a time on a canvas that becomes the
// panel's texture. pdf.js (and its worker) is a chunk of its own, loaded only when a PDF panel opens in VR.

export interface PdfPage {
  texture: CanvasTexture;
  /** Width / height of the page. */
  aspect: number;
}

export interface PdfPages {
  /** The page shown (1-based) and how many there are (0 until the document is open). */
  page: number;
  count: number;
  /** The current page drawn, or null while it is being drawn. */
  image: PdfPage | null;
  /** The document cannot be read (gone, not a PDF, refused by the media gate). */
  failed: boolean;
  step(delta: number): void;
}

/** The page is drawn this many pixels tall: sharp at the panel's distance (a page of about 0.5 m at 1.25 m). */
const PAGE_PIXELS_TALL = 1600;
/** And never wider than this (a landscape page), a size every headset's GPU takes as a texture. */
const PAGE_PIXELS_WIDE = 2048;

type PdfJs = typeof PdfJsModule;
type PdfDocument = Awaited<ReturnType<PdfJs['getDocument']>['promise']>;

let pdfjsLoading: Promise<PdfJs> | null = null;
/** pdf.js and the address of its worker (served from this origin: the page's policy allows workers from 'self'). */
function loadPdfJs(): Promise<PdfJs> {
  pdfjsLoading ??= Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]).then(([pdfjs, { default: workerSrc }]) => {
    pdfjs.GlobalWorkerOptions.workerSrc = workerSrc;
    return pdfjs;
  });
  return pdfjsLoading;
}

/** Opens the PDF at `url` (null: none) and draws its pages one at a time; everything is freed when it closes. */
export function usePdfPages(url: string | null): PdfPages {
  const [doc, setDoc] = useState<{ url: string; pdf: PdfDocument } | null>(null);
  const [failed, setFailed] = useState(false);
  const [page, setPage] = useState(1);
  const [image, setImage] = useState<{ key: string; value: PdfPage } | null>(null);

  useEffect(() => {
    setPage(1);
    setFailed(false);
    if (!url) return undefined;
    let live = true;
    let task: ReturnType<PdfJs['getDocument']> | null = null;
    loadPdfJs().then((pdfjs) => {
      if (!live) return null;
      // No eval: the page's policy forbids it (fonts are then drawn through paths, a little slower).
      task = pdfjs.getDocument({ url: new URL(url, location.href).href, isEvalSupported: false });
      return task.promise;
    }).then((pdf) => {
      if (live && pdf) setDoc({ url, pdf });
    }, () => live && setFailed(true));
    return () => {
      live = false;
      setDoc(null);
      // Ends the document's worker and any download still running.
      void task?.destroy();
    };
  }, [url]);

  const pdf = doc && doc.url === url ? doc.pdf : null;
  useEffect(() => {
    if (!pdf) return undefined;
    let live = true;
    let made: CanvasTexture | null = null;
    let render: { cancel(): void; promise: Promise<void> } | null = null;
    void pdf.getPage(page).then((p) => {
      if (!live) return;
      const base = p.getViewport({ scale: 1 });
      const scale = Math.min(PAGE_PIXELS_TALL / base.height, PAGE_PIXELS_WIDE / base.width);
      const viewport = p.getViewport({ scale });
      const canvas = document.createElement('canvas');
      canvas.width = Math.round(viewport.width);
      canvas.height = Math.round(viewport.height);
      render = p.render({ canvas, viewport, background: '#ffffff' });
      return render.promise.then(() => {
        if (!live) return;
        made = new CanvasTexture(canvas);
        made.colorSpace = SRGBColorSpace;
        // uikit's Image sets the UV transform for object-fit itself.
        made.matrixAutoUpdate = false;
        setImage({ key: `${url}#${page}`, value: { texture: made, aspect: canvas.width / canvas.height } });
      });
    }).catch(() => live && setFailed(true));
    return () => {
      live = false;
      render?.cancel();
      made?.dispose();
    };
  }, [pdf, page, url]);

  const count = pdf?.numPages ?? 0;
  return {
    page,
    count,
    image: image && image.key === `${url}#${page}` ? image.value : null,
    failed,
    step: (delta) => count > 0 && setPage((p) => Math.min(count, Math.max(1, p + delta))),
  };
}

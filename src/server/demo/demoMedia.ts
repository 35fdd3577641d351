// Paths (relative to tour.json) of every file the demo writes besides the panoramas.
// Scenes reference them in markers; the asset writers create them.

export const MEDIA = {
  floorplan: 'floorplan.png',
  /** Product photos cut from the rendered panoramas, and catalogue cards drawn as SVG. */
  sofaPhoto: 'media/products/harbour-sofa.jpg',
  sofaCard: 'media/products/harbour-sofa-card.jpg',
  sofaSideCard: 'media/products/harbour-sofa-side.jpg',
  armchairPhoto: 'media/products/dune-armchair.jpg',
  armchairCard: 'media/products/dune-armchair-card.jpg',
  pendantPhoto: 'media/products/tide-pendant.jpg',
  pendantCard: 'media/products/tide-pendant-card.jpg',
  beddingPhoto: 'media/products/linen-bedding.jpg',
  beddingCard: 'media/products/linen-bedding-card.jpg',
  terraceTablePhoto: 'media/products/terrace-table.jpg',
  terraceTableCard: 'media/products/terrace-table-card.jpg',
  gallery: [
    'media/gallery/harbour-dawn.jpg',
    'media/gallery/harbour-noon.jpg',
    'media/gallery/harbour-dusk.jpg',
    'media/gallery/harbour-night.jpg',
  ],
  kitchenItems: [
    'media/multitag/oven.png',
    'media/multitag/hob.png',
    'media/multitag/fridge.png',
    'media/multitag/dishwasher.png',
  ],
  welcomeSign: 'media/stickers/welcome.png',
  ecoSign: 'media/stickers/eco.png',
  brochure: 'media/harbour-house-brochure.pdf',
  narration: 'media/welcome-chime.wav',
} as const;

export function panoramaFile(id: string): string {
  return `panoramas/${id}.jpg`;
}

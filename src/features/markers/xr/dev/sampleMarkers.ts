// Sample markers for the XR panel harness: the same product in every script the panel must handle.
import type { Marker } from '../../../../protocol/tour.ts';

const NAMES: Record<string, string> = {
  en: 'Harbour three-seat sofa',
  fr: 'Canapé trois places « Harbour »',
  vi: 'Ghế sofa ba chỗ Harbour – bọc vải lanh',
  el: 'Καναπές τριών θέσεων Harbour',
  ru: 'Трёхместный диван «Харбор»',
  th: 'โซฟาสามที่นั่งฮาร์เบอร์',
  ja: 'ハーバー 3人掛けソファ',
  'zh-CN': '港湾三人沙发',
  ar: 'أريكة هاربور بثلاثة مقاعد',
};
const DESCRIPTIONS: Record<string, string> = {
  en: 'Hand-stitched linen cover and solid oak legs. Deep seats, feather cushions, and a naïve café façade look (àéîõü ñ ç ł).\nAvailable in three colours.',
  fr: 'Housse en lin cousue main, pieds en chêne massif. Coussins en plumes, assise profonde.\nDisponible en trois coloris.',
  vi: 'Vỏ bọc vải lanh khâu tay, chân gỗ sồi nguyên khối. Đệm lông vũ, chỗ ngồi sâu.\nCó ba màu để lựa chọn.',
  el: 'Λινό κάλυμμα ραμμένο στο χέρι και πόδια από μασίφ δρυ. Βαθιά καθίσματα.\nΔιατίθεται σε τρία χρώματα.',
  ru: 'Льняной чехол ручной работы и ножки из массива дуба. Глубокие сиденья, перьевые подушки.\nДоступен в трёх цветах.',
  th: 'ผ้าคลุมลินินเย็บมือ ขาไม้โอ๊คแท้ เบาะนั่งลึกและหมอนขนนกนุ่มสบาย เหมาะสำหรับห้องนั่งเล่นทุกขนาด\nมีให้เลือกสามสี',
  ja: '手縫いのリネンカバーと無垢のオーク材の脚。奥行きのある座面とフェザークッションで、リビングでゆったりとくつろげます。\n三色からお選びいただけます。',
  'zh-CN': '手工缝制的亚麻布套，实心橡木椅腿。座面宽深，羽绒靠垫柔软舒适，适合各种客厅。\n共有三种颜色可选。',
  ar: 'غطاء من الكتان مخيط يدويًا وأرجل من خشب البلوط الصلب. مقاعد عميقة ووسائد من الريش لراحة تامة في غرفة المعيشة.\nمتوفرة بثلاثة ألوان.',
};
const ACTIONS: Record<string, string> = {
  en: 'Buy now', fr: 'Acheter', vi: 'Mua ngay', el: 'Αγορά', ru: 'Купить', th: 'ซื้อเลย', ja: '購入する', 'zh-CN': '立即购买', ar: 'اشترِ الآن',
};

/** A tag marker (title, photos, description, price, action link) with texts in every sample language. */
export function sampleMarker(photos: string[]): Marker {
  return {
    objectId: 'xr-sample', type: 'tag', name: NAMES.en!, description: DESCRIPTIONS.en!,
    nameMulti: JSON.stringify(NAMES), descriptionMulti: JSON.stringify(DESCRIPTIONS), categoryMulti: null,
    priceMulti: JSON.stringify({ en: '€1,290', ar: '١٬٢٩٠ €', ja: '¥198,000', th: '฿45,900' }), actionMulti: JSON.stringify(ACTIONS),
    actionLinkMulti: null, category: [], photo: photos.join(','), iconType: null, useCustomIcon: false, iconUrl: null,
    opacity: 1, disableResizing: false, currentPanoramaId: 'p', panoramaId: 'p', buildingId: 'b', nextBuildingId: null,
    nextPanoramaId: null, link: 'https://example.com/shop/harbour', price: '€1,290', action: 'Buy now', videoplayAttribute: null,
    multitagInfo: null, attributes: null, placement: null, companyId: null, position: { ath: 0, atv: 0 },
    customAttributes: { orderingProductId: null, orderingCollectionId: null },
  };
}

/**
 * Two drawn pictures that vite serves beside the harness page. Plain http URLs on purpose: the view model splits
 * photo lists on commas and drops data:/blob: URLs, and `new URL(x, import.meta.url)` would inline small files
 * as data: URLs.
 */
export function samplePhotos(): string[] {
  return ['sample-photo-1.svg', 'sample-photo-2.svg'].map((file) => new URL(file, location.href).href);
}

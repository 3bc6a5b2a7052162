// Draws the link-preview picture (og:image, ADR 0054) once: node scripts/og-image.ts
// writes src/web/public/og-image.png, 1200×630, from the SVG below. Run it again after changing it.
import path from 'node:path';
import sharp from 'sharp';

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="#0f766e"/>
  <circle cx="1060" cy="120" r="260" fill="#115e59"/>
  <circle cx="1120" cy="560" r="180" fill="#134e4a"/>
  <rect x="96" y="104" width="120" height="120" rx="30" fill="#ffffff"/>
  <path d="M130 146h52v12h-20v40h-12v-40h-20z" fill="#0f766e"/>
  <text x="96" y="350" font-family="DejaVu Sans, Arial, sans-serif" font-size="104" font-weight="700" fill="#ffffff">Tagalong</text>
  <text x="96" y="440" font-family="DejaVu Sans, Arial, sans-serif" font-size="44" fill="#ccfbf1">Send packages with travelers</text>
  <text x="96" y="500" font-family="DejaVu Sans, Arial, sans-serif" font-size="44" fill="#ccfbf1">already making the trip.</text>
</svg>`;

const out = path.join(import.meta.dirname, '..', 'src', 'web', 'public', 'og-image.png');
await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toFile(out);
console.log(`wrote ${out}`);

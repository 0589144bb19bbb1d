import type { Area } from 'react-easy-crop';
import { LIMITS } from '@verdict/shared';

/** Avatar output of spec 03 §9: a 200x200 PNG. */
export const AVATAR_SIZE = 200;

/** Client-side check of the avatar rules (spec 03 §5) before cropping; returns the MSG key of the problem. */
export function avatarProblem(file: File): 'fileTypeNotSupport' | 'exceedMaxSize' | null {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!LIMITS.avatarTypes.includes(ext)) return 'fileTypeNotSupport';
  if (file.size > LIMITS.avatarMaxBytes) return 'exceedMaxSize';
  return null;
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('image'));
    img.src = src;
  });
}

/** Draws the chosen square of the picture onto a 200x200 canvas and returns it as PNG. */
export async function cropToPng(src: string, area: Area): Promise<Blob> {
  const img = await loadImage(src);
  const canvas = document.createElement('canvas');
  canvas.width = AVATAR_SIZE;
  canvas.height = AVATAR_SIZE;
  const g = canvas.getContext('2d')!;
  g.imageSmoothingQuality = 'high';
  g.drawImage(img, area.x, area.y, area.width, area.height, 0, 0, AVATAR_SIZE, AVATAR_SIZE);
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('canvas'))), 'image/png', 0.8));
}

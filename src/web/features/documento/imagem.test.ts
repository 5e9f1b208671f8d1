import { describe, expect, it } from 'vitest';
import { calcularDesenho, calcularEncaixe, calcularRecorte, ehImagemRedimensionavel, nomeJpeg } from './imagem';

describe('calcularRecorte (cover fit to 400×500)', () => {
  it('a landscape photo keeps its full height and is cropped equally on both sides', () => {
    // 4:5 of a 900 px tall image is 720 px wide; (1600 - 720) / 2 = 440 on each side.
    expect(calcularRecorte(1600, 900)).toEqual({ sx: 440, sy: 0, sw: 720, sh: 900 });
  });

  it('a tall photo keeps its full width and is cropped equally at top and bottom', () => {
    // 5:4 of 800 px wide is 1000 px tall; (2000 - 1000) / 2 = 500.
    expect(calcularRecorte(800, 2000)).toEqual({ sx: 0, sy: 500, sw: 800, sh: 1000 });
  });

  it('an image already 4:5 is used whole, larger or smaller than the target', () => {
    expect(calcularRecorte(4000, 5000)).toEqual({ sx: 0, sy: 0, sw: 4000, sh: 5000 });
    expect(calcularRecorte(40, 50)).toEqual({ sx: 0, sy: 0, sw: 40, sh: 50 });
  });

  it('rounds to whole pixels and never leaves the source', () => {
    const r = calcularRecorte(1001, 999);
    expect(Number.isInteger(r.sx) && Number.isInteger(r.sw)).toBe(true);
    expect(r.sx + r.sw).toBeLessThanOrEqual(1001);
    expect(r.sw / r.sh).toBeCloseTo(0.8, 2);
    expect(calcularRecorte(3, 1000)).toEqual({ sx: 0, sy: 498, sw: 3, sh: 4 });
  });

  it('refuses empty dimensions', () => {
    expect(() => calcularRecorte(0, 10)).toThrow(RangeError);
    expect(() => calcularRecorte(10, Number.NaN)).toThrow(RangeError);
  });
});

describe('calcularEncaixe (contain fit, for document images)', () => {
  it('scales a landscape scan to the full width and centres it vertically', () => {
    expect(calcularEncaixe(1000, 500)).toEqual({ dx: 0, dy: 150, dw: 400, dh: 200 });
  });

  it('scales a tall page to the full height and centres it horizontally', () => {
    // A4 portrait 2480×3508: 500 / 3508 × 2480 ≈ 353.5 → 353 wide (rounded), margins of 23.
    expect(calcularEncaixe(2480, 3508)).toEqual({ dx: 23, dy: 0, dw: 353, dh: 500 });
  });

  it('calcularDesenho: the photo is cropped to fill; a document is drawn whole', () => {
    expect(calcularDesenho(1600, 900, 'cobrir')).toEqual({ sx: 440, sy: 0, sw: 720, sh: 900, dx: 0, dy: 0, dw: 400, dh: 500 });
    expect(calcularDesenho(1000, 500, 'conter')).toEqual({ sx: 0, sy: 0, sw: 1000, sh: 500, dx: 0, dy: 150, dw: 400, dh: 200 });
  });
});

describe('which files are resized', () => {
  it('PNG, JPEG and JPG, by type or by extension; not PDF', () => {
    expect(ehImagemRedimensionavel({ name: 'a.png', type: 'image/png' })).toBe(true);
    expect(ehImagemRedimensionavel({ name: 'a.jpeg', type: 'image/jpeg' })).toBe(true);
    expect(ehImagemRedimensionavel({ name: 'a.jpg', type: 'image/jpg' })).toBe(true);
    expect(ehImagemRedimensionavel({ name: 'FOTO.JPG', type: '' })).toBe(true);
    expect(ehImagemRedimensionavel({ name: 'a.pdf', type: 'application/pdf' })).toBe(false);
    expect(ehImagemRedimensionavel({ name: 'a.gif', type: 'image/gif' })).toBe(false);
  });

  it('the re-encoded file is named .jpg', () => {
    expect(nomeJpeg('foto.png')).toBe('foto.jpg');
    expect(nomeJpeg('rg.frente.jpeg')).toBe('rg.frente.jpg');
    expect(nomeJpeg('semextensao')).toBe('semextensao.jpg');
  });
});

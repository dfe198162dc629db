import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { TestMantine } from '../test/TestMantine';
import { SizedAvatar, SizedImage } from './SizedImage';

const stored = '/uploads/goods/20261124/0b6f3c1e-8a3d-4c55-9f0e-2d7b1a9c4e21.png';
const copy = (width: number) => `/uploads/goods/20261124/0b6f3c1e-8a3d-4c55-9f0e-2d7b1a9c4e21.w${width}.webp`;

describe('SizedImage', () => {
  it('offers the stored copies in srcset with the page width and the size hints', () => {
    render(<SizedImage src={stored} alt="shirt" sizes="(max-width: 768px) 50vw, 240px" width={400} height={400} />);
    const img = screen.getByRole('img', { name: 'shirt' });
    expect(img).toHaveAttribute('srcset', `${copy(200)} 200w, ${copy(400)} 400w, ${copy(800)} 800w, ${copy(1200)} 1200w`);
    expect(img).toHaveAttribute('sizes', '(max-width: 768px) 50vw, 240px');
    expect(img).toHaveAttribute('src', stored);
    expect(img).toHaveAttribute('width', '400');
    expect(img).toHaveAttribute('height', '400');
  });

  it('shows the original alone once a copy fails to load, and tries copies again for the next image', () => {
    const { rerender } = render(<SizedImage src={stored} alt="shirt" sizes="240px" width={400} height={400} />);
    const img = screen.getByRole('img', { name: 'shirt' });
    fireEvent.error(img);
    expect(img).not.toHaveAttribute('srcset');
    expect(img).not.toHaveAttribute('sizes');
    expect(img).toHaveAttribute('src', stored);

    const next = '/uploads/demo/goods-2.jpg';
    rerender(<SizedImage src={next} alt="shirt" sizes="240px" width={400} height={400} />);
    expect(img.getAttribute('srcset')).toContain('/uploads/demo/goods-2.w200.webp 200w');
  });

  it('leaves pictures of other sites as they are', () => {
    render(<SizedImage src="https://elsewhere.example/a.jpg" alt="ad" sizes="1200px" width={1200} height={200} />);
    const img = screen.getByRole('img', { name: 'ad' });
    expect(img).not.toHaveAttribute('srcset');
    expect(img).toHaveAttribute('src', 'https://elsewhere.example/a.jpg');
  });
});

describe('SizedAvatar', () => {
  it("shows a logo's small copy, then the original when the copy fails", () => {
    const { container } = render(
      <TestMantine>
        <SizedAvatar src="/uploads/demo/store-logo.png" size={96} alt="logo" />
      </TestMantine>,
    );
    const img = container.querySelector('img')!;
    expect(img).toHaveAttribute('src', '/uploads/demo/store-logo.w200.webp');
    fireEvent.error(img);
    expect(container.querySelector('img')).toHaveAttribute('src', '/uploads/demo/store-logo.png');
  });
});

package shareimage

import (
	"bufio"
	"compress/flate"
	"encoding/binary"
	"hash/crc32"
	"image"
	"io"
	"sync"
)

// encodePNG writes an opaque RGBA image as an 8-bit RGB PNG. It is a
// specialised, faster stand-in for image/png: every row uses the cheap "Sub"
// filter instead of trying all five per row (which dominated the cost), and
// deflate runs at BestSpeed. The alpha channel is dropped, so img must be
// opaque (the share image always is).
func encodePNG(w io.Writer, img *image.RGBA) error {
	b := img.Bounds()
	wd, ht := b.Dx(), b.Dy()
	bw := bufio.NewWriterSize(w, 64<<10)
	if _, err := bw.WriteString("\x89PNG\r\n\x1a\n"); err != nil {
		return err
	}
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(wd))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(ht))
	ihdr[8], ihdr[9] = 8, 2 // bit depth 8, colour type RGB
	if err := writeChunk(bw, "IHDR", ihdr[:]); err != nil {
		return err
	}
	cw := &chunkWriter{w: bw, name: "IDAT"}
	zw := zlibPool.Get().(*zlibWriter)
	defer zlibPool.Put(zw)
	zw.reset(cw)
	row := make([]byte, 1+3*wd)
	row[0] = 1 // filter: Sub
	for y := b.Min.Y; y < b.Max.Y; y++ {
		p := img.Pix[img.PixOffset(b.Min.X, y):]
		var pr, pg, pb byte
		for x, o := 0, 1; x < wd; x, o = x+1, o+3 {
			r, g, bl := p[4*x], p[4*x+1], p[4*x+2]
			row[o], row[o+1], row[o+2] = r-pr, g-pg, bl-pb
			pr, pg, pb = r, g, bl
		}
		if err := zw.write(row); err != nil {
			return err
		}
	}
	if err := zw.close(); err != nil {
		return err
	}
	if err := cw.flush(); err != nil {
		return err
	}
	if err := writeChunk(bw, "IEND", nil); err != nil {
		return err
	}
	return bw.Flush()
}

// zlibWriter is a zlib stream (header, deflate, Adler-32) over a reusable
// flate.Writer.
type zlibWriter struct {
	fw    *flate.Writer
	sum   uint32
	out   io.Writer
	first bool
}

var zlibPool = sync.Pool{New: func() any {
	fw, _ := flate.NewWriter(nil, flate.BestSpeed)
	return &zlibWriter{fw: fw}
}}

func (z *zlibWriter) reset(w io.Writer) {
	z.fw.Reset(w)
	z.out, z.sum, z.first = w, 1, true
}

func (z *zlibWriter) write(p []byte) error {
	if z.first {
		z.first = false
		// CMF/FLG for deflate, 32K window, fastest compression.
		if _, err := z.out.Write([]byte{0x78, 0x01}); err != nil {
			return err
		}
	}
	z.sum = adler32Update(z.sum, p)
	_, err := z.fw.Write(p)
	return err
}

func (z *zlibWriter) close() error {
	if z.first {
		if err := z.write(nil); err != nil {
			return err
		}
	}
	if err := z.fw.Close(); err != nil {
		return err
	}
	var s [4]byte
	binary.BigEndian.PutUint32(s[:], z.sum)
	_, err := z.out.Write(s[:])
	return err
}

func adler32Update(sum uint32, p []byte) uint32 {
	// hash/adler32 has no exported update-from-state; keep a digest.
	const mod = 65521
	a, b := sum&0xffff, sum>>16
	for len(p) > 0 {
		n := min(len(p), 5552)
		for _, c := range p[:n] {
			a += uint32(c)
			b += a
		}
		a %= mod
		b %= mod
		p = p[n:]
	}
	return b<<16 | a
}

// chunkWriter buffers IDAT data into chunks of up to 256 KiB.
type chunkWriter struct {
	w    io.Writer
	name string
	buf  []byte
}

func (c *chunkWriter) Write(p []byte) (int, error) {
	c.buf = append(c.buf, p...)
	if len(c.buf) >= 256<<10 {
		if err := c.flush(); err != nil {
			return 0, err
		}
	}
	return len(p), nil
}

func (c *chunkWriter) flush() error {
	if len(c.buf) == 0 {
		return nil
	}
	err := writeChunk(c.w, c.name, c.buf)
	c.buf = c.buf[:0]
	return err
}

func writeChunk(w io.Writer, name string, data []byte) error {
	var hdr [8]byte
	binary.BigEndian.PutUint32(hdr[:4], uint32(len(data)))
	copy(hdr[4:], name)
	crc := crc32.NewIEEE()
	crc.Write(hdr[4:])
	crc.Write(data)
	if _, err := w.Write(hdr[:]); err != nil {
		return err
	}
	if _, err := w.Write(data); err != nil {
		return err
	}
	var s [4]byte
	binary.BigEndian.PutUint32(s[:], crc.Sum32())
	_, err := w.Write(s[:])
	return err
}

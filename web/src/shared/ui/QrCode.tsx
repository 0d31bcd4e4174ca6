import { Spin } from 'antd';
import { toString as qrSvg } from 'qrcode';
import { useEffect, useState, type ReactNode } from 'react';

/** A QR code of `text`, 200 px square. */
export function QrCode(props: { text: string; alt: string }): ReactNode {
  const [dataUrl, setDataUrl] = useState<string>();
  useEffect(() => {
    let isCurrent = true;
    // SVG rather than PNG: no canvas needed, and it stays sharp at any zoom.
    void qrSvg(props.text, { type: 'svg', margin: 1 }).then((svg) => {
      if (isCurrent) setDataUrl(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    });
    return () => {
      isCurrent = false;
    };
  }, [props.text]);
  return dataUrl ? <img src={dataUrl} alt={props.alt} width={200} height={200} /> : <Spin />;
}

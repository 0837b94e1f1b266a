/**
 * Degrees-minutes-seconds as the portal prints them (`14° 7'55.67"N, 38°43'8.99"E`) to decimal
 * degrees, north and east positive.
 */
import { err, ok, type Result } from '@gabata/engine/core';
import type { LatLon } from './types.js';

const PART = /(\d{1,3})\s*°\s*(\d{1,2})\s*['’′]\s*(\d{1,2}(?:\.\d+)?)\s*["”″]\s*([NSEW])/g;

/** One angle: `deg + min/60 + sec/3600`, negative for S and W. */
export function dmsToDecimal(deg: number, min: number, sec: number, hemi: string): number {
  const v = deg + min / 60 + sec / 3600;
  return hemi === 'S' || hemi === 'W' ? -v : v;
}

/** Parses a latitude-longitude pair in DMS; both halves must be present, latitude first. */
export function parseDms(text: string): Result<LatLon> {
  const parts = [...text.matchAll(PART)];
  if (parts.length !== 2)
    return err('ERR_ARGUMENT', `expected a latitude and a longitude in degrees, minutes and seconds, not '${text}'`, text);
  const [la, lo] = parts as [RegExpMatchArray, RegExpMatchArray];
  if (!'NS'.includes(la[4]!) || !'EW'.includes(lo[4]!)) {
    return err('ERR_ARGUMENT', `expected the latitude (N/S) before the longitude (E/W) in '${text}'`, text);
  }
  const lat = dmsToDecimal(Number(la[1]), Number(la[2]), Number(la[3]), la[4]!);
  const lon = dmsToDecimal(Number(lo[1]), Number(lo[2]), Number(lo[3]), lo[4]!);
  if (
    Math.abs(lat) > 90 ||
    Math.abs(lon) > 180 ||
    Number(la[2]) >= 60 ||
    Number(lo[2]) >= 60 ||
    Number(la[3]) >= 60 ||
    Number(lo[3]) >= 60
  ) {
    return err('ERR_ARGUMENT', `coordinates out of range in '${text}'`, text);
  }
  return ok({ lat, lon });
}

import { useCallback, useEffect, useRef, useState } from 'react';
import type { Angle } from '@shared/angles';
import { MAX_CAR_PACKAGE_PHOTOS } from '@shared/limits';

export interface SelectedPhoto {
  id: string;
  file: File;
  /** Object URL of the local preview; released when the photo leaves the selection. */
  preview: string;
  /** The angle the dealer tagged, or null for auto-detect. */
  angle: Angle | null;
  /** True while `angle` is the car check's suggestion, not yet changed by the dealer. */
  suggested: boolean;
}

let nextId = 0;

/**
 * The photos chosen for a car package (at most 15), with their previews and angle tags. Previews are released on
 * removal, on clear and when the form goes away.
 */
export function usePhotoSelection() {
  const [photos, setPhotos] = useState<SelectedPhoto[]>([]);
  const current = useRef(photos);
  current.current = photos;

  useEffect(() => () => current.current.forEach((p) => URL.revokeObjectURL(p.preview)), []);

  /** Adds files unless the total would pass the maximum; returns false (nothing added) when it would. */
  const add = useCallback((files: File[]): boolean => {
    if (current.current.length + files.length > MAX_CAR_PACKAGE_PHOTOS) return false;
    const added = files.map((file) => ({ id: `photo-${++nextId}`, file, preview: URL.createObjectURL(file), angle: null, suggested: false }));
    current.current = [...current.current, ...added];
    setPhotos(current.current);
    return true;
  }, []);

  /** Adds photos with the dealer's own angle tags (guided capture); returns their ids, or null (nothing added) past the maximum. */
  const addTagged = useCallback((entries: { file: File; angle: Angle }[]): string[] | null => {
    if (current.current.length + entries.length > MAX_CAR_PACKAGE_PHOTOS) return null;
    const added = entries.map(({ file, angle }) => ({ id: `photo-${++nextId}`, file, preview: URL.createObjectURL(file), angle, suggested: false }));
    current.current = [...current.current, ...added];
    setPhotos(current.current);
    return added.map((p) => p.id);
  }, []);

  const remove = useCallback((id: string) => {
    const photo = current.current.find((p) => p.id === id);
    if (photo) URL.revokeObjectURL(photo.preview);
    current.current = current.current.filter((p) => p.id !== id);
    setPhotos(current.current);
  }, []);

  /** The dealer's own choice: the suggestion is gone. */
  const setAngle = useCallback((id: string, angle: Angle | null) => {
    current.current = current.current.map((p) => (p.id === id ? { ...p, angle, suggested: false } : p));
    setPhotos(current.current);
  }, []);

  /** Pre-selects the car check's angle, unless the dealer has chosen one already. */
  const suggestAngle = useCallback((id: string, angle: Angle) => {
    const photo = current.current.find((p) => p.id === id);
    if (!photo || photo.angle !== null) return;
    current.current = current.current.map((p) => (p.id === id ? { ...p, angle, suggested: true } : p));
    setPhotos(current.current);
  }, []);

  const clear = useCallback(() => {
    current.current.forEach((p) => URL.revokeObjectURL(p.preview));
    current.current = [];
    setPhotos([]);
  }, []);

  return { photos, add, addTagged, remove, setAngle, suggestAngle, clear };
}

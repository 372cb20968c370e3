/** Dealer-facing refusals of a photo (kept beside the renderer; candidates for shared/messages.ts). */
export const PHOTO_REFUSALS = {
  empty: 'This file is empty. Please upload a photo of the car.',
  tooLarge: (maxMb: number) => `This photo is larger than ${maxMb} MB. Please upload a smaller photo.`,
  unsupportedType: 'This file is not a JPEG, PNG or WebP photo. Please upload a photo in one of those formats.',
  tooManyPixels: 'This image has too many pixels to process safely. Please upload a normal camera photo.',
  tooSmall: (min: number) => `This photo is too small (under ${min} px). Please upload a larger photo of the car.`,
  corrupt: 'This photo is damaged or incomplete and cannot be opened. Please upload it again.',
  notACar: 'We could not find a car in this photo. Please upload a photo that shows the whole car.',
} as const;

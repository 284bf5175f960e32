import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { VehicleColor } from '../domain/vehicle-options';

/** The colour list's names; the value sent stays the English one the record and the operators' systems know. */
export const VEHICLE_COLOR_NAMES: Record<VehicleColor, MessageDescriptor> = {
  Black: msg`Black`,
  White: msg`White`,
  Silver: msg`Silver`,
  Gray: msg`Gray`,
  Red: msg`Red`,
  Blue: msg`Blue`,
  'Dark Blue': msg`Dark Blue`,
  'Light Blue': msg`Light Blue`,
  Green: msg`Green`,
  'Dark Green': msg`Dark Green`,
  Gold: msg`Gold`,
  Brown: msg`Brown`,
  Beige: msg`Beige`,
  Orange: msg`Orange`,
  Yellow: msg`Yellow`,
};

export const INSTITUTION_NAME_REQUIRED = 'Institution name is required';

/** GA4 property ids are numbers (properties/123456789); measurement ids like G-XXXX are not. */
export const propertyIdPattern = /^\d{1,20}$/;
